import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { changeBoss } from '@/lib/server/holder/change-boss';

// Administrators and the product role (holderAuthority).
export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => changeBoss(await getDb(), caller, body, 'add'),
    DELETE: async ({ caller, body }) => changeBoss(await getDb(), caller, body, 'remove'),
  },
});
