import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { streamUnread } from '@/lib/server/notify/stream-unread';

// Server-sent events: the caller's unread count, live (session cookie or bearer token).
export default apiRoute({
  methods: {
    GET: async ({ req, res, caller }) => streamUnread(await getDb(), caller.sub, req, res),
  },
});

export const config = { api: { responseLimit: false, bodyParser: false } };
