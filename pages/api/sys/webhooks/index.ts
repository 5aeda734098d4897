import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { createWebhookEndpoint, listWebhookEndpoints } from '@/lib/server/webhooks/endpoints';

export default apiRoute({
  acl: aclOf('system'),
  methods: {
    GET: async ({ caller }) => listWebhookEndpoints(await getDb(), caller),
    POST: async ({ caller, body }) => createWebhookEndpoint(await getDb(), caller, body),
  },
});
