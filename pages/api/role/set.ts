import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { setHolderRole } from '@/lib/server/holder/set-holder-role';

// Who may change which list is decided against the default holder (holderAuthority).
export default apiRoute({
  methods: { POST: async ({ caller, body }) => setHolderRole(await getDb(), caller, body) },
});
