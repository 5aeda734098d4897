import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listSchemas } from '@/lib/server/credentials/schemas';

// Administrators see every credential schema; anyone signed in sees the enabled, published ones.
export default apiRoute({
  methods: { GET: async ({ caller }) => listSchemas(await getDb(), caller) },
});
