import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listInvitations } from '@/lib/server/invite/list-invitations';

// Any signed-in person; the list is narrowed to the invitations they sent or manage.
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => listInvitations(await getDb(), caller, query),
  },
});
