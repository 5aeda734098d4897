import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { notifyNew } from '@/lib/server/notify/create-notification';

// Admin and product staff notify anyone; anyone else only themselves.
export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => notifyNew(await getDb(), caller, body),
  },
});
