import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { rotateWebhookSecret } from '@/lib/server/webhooks/endpoints';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, query, body }) => rotateWebhookSecret(await getDb(), caller, { key: query.key }, body) },
});
