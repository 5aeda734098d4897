import { apiRoute } from '@/lib/server/api/route';
import { getDbHandle } from '@/lib/server/db/client';
import { listNotificationsJson } from '@/lib/server/notify/list-notifications-json';

export default apiRoute({
  methods: {
    GET: async ({ caller }) => listNotificationsJson(await getDbHandle(), caller.sub),
    POST: async ({ caller }) => listNotificationsJson(await getDbHandle(), caller.sub),
  },
});
