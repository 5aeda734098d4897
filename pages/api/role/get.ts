import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getHolderRoles } from '@/lib/server/holder/get-holder-roles';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('holder'),
  methods: { GET: async () => getHolderRoles(await getDb()) },
});
