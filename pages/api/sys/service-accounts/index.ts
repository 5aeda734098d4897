import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { createServiceAccount, listServiceAccounts } from '@/lib/server/service-accounts/accounts';

export default apiRoute({
  acl: aclOf('system'),
  methods: {
    GET: async ({ caller }) => listServiceAccounts(await getDb(), caller),
    POST: async ({ caller, body }) => createServiceAccount(await getDb(), caller, body),
  },
});
