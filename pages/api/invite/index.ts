import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { myInvitations } from '@/lib/server/invite/list-invitations';

// Any signed-in person: the pending invitations sent to their own e-mail address.
export default apiRoute({
  methods: {
    GET: async ({ caller }) => myInvitations(await getDb(), caller),
  },
});
