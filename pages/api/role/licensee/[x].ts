import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { removeLicenseeMember, setLicenseeMember } from '@/lib/server/licensees/change-licensee-member';
import { listLicenseeMembers } from '@/lib/server/licensees/list-licensee-members';

// Administrators, the product role, and the organisation's owners and admins (licenseeAuthority).
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => listLicenseeMembers(await getDb(), caller, query.x),
    POST: async ({ caller, query, body }) => setLicenseeMember(await getDb(), caller, query.x, body),
    DELETE: async ({ caller, query, body }) => removeLicenseeMember(await getDb(), caller, query.x, body),
  },
});
