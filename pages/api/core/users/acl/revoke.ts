import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { revokeRole } from '@/lib/server/roles/revoke-role';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, body }) => revokeRole(await getDb(), caller, body) },
});
