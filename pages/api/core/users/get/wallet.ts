import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getOwnWallet } from '@/lib/server/users/get-own-wallet';

export default apiRoute({
  methods: {
    GET: async ({ caller }) => getOwnWallet(await getDb(), caller),
    POST: async ({ caller }) => getOwnWallet(await getDb(), caller),
  },
});
