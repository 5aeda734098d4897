import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listNotifications } from '@/lib/server/notify/list-notifications';

export default apiRoute({
  methods: {
    GET: async ({ caller }) => listNotifications(await getDb(), caller.sub),
    POST: async ({ caller }) => listNotifications(await getDb(), caller.sub),
  },
});
