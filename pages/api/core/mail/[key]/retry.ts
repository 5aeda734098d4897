import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { retryOutboxMail } from '@/lib/server/mail/outbox-admin';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: {
    POST: async ({ caller, query, body }) => retryOutboxMail(await getDb(), caller, { key: query.key }, body),
  },
});
