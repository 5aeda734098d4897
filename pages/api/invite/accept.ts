import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { acceptInvitation, peekInvitation } from '@/lib/server/invite/accept-invitation';

// Any signed-in person holding the link's token; acceptance also needs the invited e-mail address.
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => peekInvitation(await getDb(), caller, query),
    POST: async ({ caller, body }) => acceptInvitation(await getDb(), caller, body),
  },
});
