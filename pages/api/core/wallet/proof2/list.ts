import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listPresentations2 } from '@/lib/server/credentials/proofs';

export default apiRoute({
  methods: { GET: async ({ caller }) => listPresentations2(await getDb(), caller) },
});
