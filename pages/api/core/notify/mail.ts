import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { mailNotification } from '@/lib/server/notify/mail-notification';

export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => mailNotification(await getDb(), caller, body),
  },
});
