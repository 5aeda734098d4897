import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { changeManager } from '@/lib/server/holder/change-manager';

// Administrators and the product role (holderAuthority); x is legal, brand or cfl.
export default apiRoute({
  methods: {
    POST: async ({ caller, query, body }) => changeManager(await getDb(), caller, query.x, body, 'add'),
    DELETE: async ({ caller, query, body }) => changeManager(await getDb(), caller, query.x, body, 'remove'),
  },
});
