import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { listUsers } from '@/lib/server/users/list-users';

export default apiRoute({
  acl: aclOf('holder'),
  methods: { POST: async ({ caller, body }) => listUsers(await getDb(), caller, body) },
});
