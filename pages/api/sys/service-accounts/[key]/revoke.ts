import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { revokeServiceAccount } from '@/lib/server/service-accounts/accounts';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, query, body }) => revokeServiceAccount(await getDb(), caller, { key: query.key }, body) },
});
