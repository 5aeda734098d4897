import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { presentProof2 } from '@/lib/server/credentials/proofs';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => presentProof2(await getDb(), caller, body) },
});
