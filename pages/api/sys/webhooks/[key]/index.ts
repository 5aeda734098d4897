import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { deleteWebhookEndpoint, updateWebhookEndpoint } from '@/lib/server/webhooks/endpoints';

export default apiRoute({
  acl: aclOf('system'),
  methods: {
    PATCH: async ({ caller, query, body }) => updateWebhookEndpoint(await getDb(), caller, { key: query.key }, body),
    DELETE: async ({ caller, query }) => deleteWebhookEndpoint(await getDb(), caller, { key: query.key }),
  },
});
