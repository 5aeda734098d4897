import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { dropShortUri } from '@/lib/server/shorturi/drop-short-uri';

// Its owner or an administrator (checked by dropShortUri).
export default apiRoute({
  methods: { POST: async ({ caller, body }) => dropShortUri(await getDb(), caller, body) },
});
