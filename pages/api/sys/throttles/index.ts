import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listThrottles } from '@/lib/server/idp/throttles-admin';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: { GET: async () => listThrottles(await getDb()) },
});
