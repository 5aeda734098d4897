import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { searchDocs } from '@/lib/server/docs/search-docs';

export default apiRoute({
  methods: { POST: async ({ caller, query, body }) => searchDocs(await getDb(), caller, query.name, body) },
});
