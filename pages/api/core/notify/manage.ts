import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { manageNotifications } from '@/lib/server/notify/manage-notifications';

export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => manageNotifications(await getDb(), caller, body),
  },
});
