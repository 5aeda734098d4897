import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listAclRequests } from '@/lib/server/users/list-acl-requests';
import { requestAcl } from '@/lib/server/users/request-acl';

export default apiRoute({
  methods: {
    GET: async ({ caller }) => listAclRequests(await getDb(), caller),
    POST: async ({ caller, body }) => requestAcl(await getDb(), caller, body),
  },
});
