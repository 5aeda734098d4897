import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listIssuers } from '@/lib/server/credentials/schemas';

export default apiRoute({
  methods: { GET: async ({ caller }) => listIssuers(await getDb(), caller) },
});
