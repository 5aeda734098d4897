import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { queryWallet } from '@/lib/server/credentials/wallet';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => queryWallet(await getDb(), caller, body) },
});
