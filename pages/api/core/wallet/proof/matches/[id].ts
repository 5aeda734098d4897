import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { proofMatches } from '@/lib/server/credentials/proofs';

// id: the nonce of the proof request.
export default apiRoute({
  methods: { GET: async ({ caller, query }) => proofMatches(await getDb(), caller, query.id) },
});
