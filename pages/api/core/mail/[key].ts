import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getOutboxMail } from '@/lib/server/mail/outbox-admin';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: {
    GET: async ({ caller, query }) => getOutboxMail(await getDb(), caller, query),
  },
});
