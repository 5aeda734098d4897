import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listProofRequests } from '@/lib/server/credentials/proofs';

export default apiRoute({
  methods: { GET: async ({ caller }) => listProofRequests(await getDb(), caller) },
});
