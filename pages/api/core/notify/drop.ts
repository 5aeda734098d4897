import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { dropNotification, keyFrom } from '@/lib/server/notify/own-notification';

export default apiRoute({
  methods: {
    POST: async ({ req, caller, body, query }) => dropNotification(await getDb(), caller, keyFrom(req.method, body, query)),
    DELETE: async ({ req, caller, body, query }) => dropNotification(await getDb(), caller, keyFrom(req.method, body, query)),
  },
});
