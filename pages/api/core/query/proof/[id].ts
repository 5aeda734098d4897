import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getProofResult } from '@/lib/server/credentials/proofs';

export default apiRoute({
  methods: { GET: async ({ caller, query }) => getProofResult(await getDb(), caller, query.id) },
});
