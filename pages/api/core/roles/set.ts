import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { grantRole } from '@/lib/server/roles/grant-role';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, body }) => grantRole(await getDb(), caller, body) },
});
