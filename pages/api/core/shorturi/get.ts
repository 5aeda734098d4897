import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getShortUri } from '@/lib/server/shorturi/resolve-short-uri';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => getShortUri(await getDb(), caller, body) },
});
