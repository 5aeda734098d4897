import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { replaceUserAcl } from '@/lib/server/users/replace-user-acl';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, body }) => replaceUserAcl(await getDb(), caller, body) },
});
