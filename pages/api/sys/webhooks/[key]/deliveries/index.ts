import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { listWebhookDeliveries } from '@/lib/server/webhooks/endpoints';

export default apiRoute({
  acl: aclOf('system'),
  methods: {
    GET: async ({ caller, query }) => {
      const { key, ...page } = query;
      return listWebhookDeliveries(await getDb(), caller, { key }, page);
    },
  },
});
