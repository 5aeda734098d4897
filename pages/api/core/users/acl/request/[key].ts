import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { decideAclRequest } from '@/lib/server/users/decide-acl-request';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, query, body }) => decideAclRequest(await getDb(), caller, query.key, body) },
});
