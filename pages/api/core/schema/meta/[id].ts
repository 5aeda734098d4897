import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { schemaMeta } from '@/lib/server/credentials/schemas';

export default apiRoute({
  methods: { GET: async ({ caller, query }) => schemaMeta(await getDb(), caller, query.id) },
});
