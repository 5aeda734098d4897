import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getWalletCredential } from '@/lib/server/credentials/wallet';

export default apiRoute({
  methods: { GET: async ({ caller, query }) => getWalletCredential(await getDb(), caller, query.id) },
});
