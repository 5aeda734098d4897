import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { rotateServiceAccount } from '@/lib/server/service-accounts/accounts';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, query, body }) => rotateServiceAccount(await getDb(), caller, { key: query.key }, body) },
});
