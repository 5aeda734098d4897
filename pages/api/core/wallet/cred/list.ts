import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listWallet } from '@/lib/server/credentials/wallet';

export default apiRoute({
  methods: { GET: async ({ caller }) => listWallet(await getDb(), caller) },
});
