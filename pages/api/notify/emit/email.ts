import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { emitEmail } from '@/lib/server/mail/emit-email';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('holderProductOnly'),
  methods: {
    POST: async ({ caller, body }) => emitEmail(await getDb(), caller, body),
  },
});
