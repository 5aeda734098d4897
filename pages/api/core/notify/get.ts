import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getNotification, keyFrom } from '@/lib/server/notify/own-notification';

export default apiRoute({
  methods: {
    GET: async ({ req, caller, body, query }) => getNotification(await getDb(), caller, keyFrom(req.method, body, query)),
    POST: async ({ req, caller, body, query }) => getNotification(await getDb(), caller, keyFrom(req.method, body, query)),
  },
});
