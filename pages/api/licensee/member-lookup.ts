import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { lookupLicenseeMember } from '@/lib/server/licensees/lookup-licensee-member';

// Owners and admins of the organisation named in the body, administrators and the product role.
export default apiRoute({
  methods: { POST: async ({ caller, body }) => lookupLicenseeMember(await getDb(), caller, body) },
});
