import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { setUser } from '@/lib/server/users/set-user';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, body }) => setUser(await getDb(), caller, body) },
});
