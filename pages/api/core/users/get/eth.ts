import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getEthAddress } from '@/lib/server/users/get-eth-address';

// The user themselves, administrators and holder roles (checked by getEthAddress).
export default apiRoute({
  methods: { POST: async ({ caller, body }) => getEthAddress(await getDb(), caller, body) },
});
