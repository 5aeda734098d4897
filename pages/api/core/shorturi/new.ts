import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { createShortUri } from '@/lib/server/shorturi/create-short-uri';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => createShortUri(await getDb(), caller, body) },
});
