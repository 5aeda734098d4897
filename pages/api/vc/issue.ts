import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { reissueLicenseCredential } from '@/lib/server/credentials/issuer';

export default apiRoute({
  acl: aclOf('holder'),
  methods: { POST: async ({ caller, body }) => reissueLicenseCredential(await getDb(), caller, body) },
});
