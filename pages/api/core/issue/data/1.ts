import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { issueData1 } from '@/lib/server/credentials/issuer';

export default apiRoute({
  acl: aclOf('holderProductOnly'),
  methods: { POST: async ({ caller, body }) => issueData1(await getDb(), caller, body) },
});
