import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { peekInvitation } from '@/lib/server/invite/accept-invitation';

// Before sign-in: the link's token is the secret, so the invitation page can say who invited
// whom to what before the invitee signs in or creates an account.
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ req, caller, query }) =>
      peekInvitation(await getDb(), caller, query, req.headers['x-lang'] === 'en' ? 'en' : 'jp'),
  },
});
