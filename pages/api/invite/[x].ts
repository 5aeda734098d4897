import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { createInvitation } from '@/lib/server/invite/create-invitation';
import { getInvitation, resendInvitation, revokeInvitation } from '@/lib/server/invite/manage-invitation';

// POST: x is the kind (licensee-owner: product role or admin; member kinds: the organisation's
// owners and admins, or the platform). GET, PATCH (resend) and DELETE (revoke): x is the key.
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => getInvitation(await getDb(), caller, query.x),
    POST: async ({ caller, query, body }) => createInvitation(await getDb(), caller, query.x, body),
    PATCH: async ({ caller, query, body }) => resendInvitation(await getDb(), caller, query.x, body),
    DELETE: async ({ caller, query }) => revokeInvitation(await getDb(), caller, query.x),
  },
});
