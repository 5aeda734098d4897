import { apiRoute } from '@/lib/server/api/route';
import { createDemoContract, sendDemoPdf } from '@/lib/server/contracts/demo';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';

// Administrators only: GET the sample contract PDF (?lang=jp|en); POST a demo-only contract to sign.
export default apiRoute({
  acl: aclOf('system'),
  methods: {
    GET: async ({ caller, res, query }) => sendDemoPdf(await getDb(), caller, res, query.lang),
    POST: async ({ caller, body }) => createDemoContract(await getDb(), caller, body),
  },
});
