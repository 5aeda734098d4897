import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getPresentation2 } from '@/lib/server/credentials/proofs';

export default apiRoute({
  methods: { GET: async ({ caller, query }) => getPresentation2(await getDb(), caller, query.id) },
});
