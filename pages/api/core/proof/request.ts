import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { createProofRequest } from '@/lib/server/credentials/proofs';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => createProofRequest(await getDb(), caller, body) },
});
