import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { clearThrottle } from '@/lib/server/idp/throttles-admin';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, body }) => clearThrottle(await getDb(), caller, body) },
});
