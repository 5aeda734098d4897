import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getSchema } from '@/lib/server/credentials/schemas';

export default apiRoute({
  methods: { GET: async ({ caller, query }) => getSchema(await getDb(), caller, query.id) },
});
