import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { presentProof } from '@/lib/server/credentials/proofs';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => presentProof(await getDb(), caller, body) },
});
