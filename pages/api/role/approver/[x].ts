import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { changeApprover } from '@/lib/server/holder/change-approver';

// Administrators, the product role, and managers of group x (holderAuthority); x is legal, brand, cfl or boss.
export default apiRoute({
  methods: {
    POST: async ({ caller, query, body }) => changeApprover(await getDb(), caller, query.x, body, 'add'),
    DELETE: async ({ caller, query, body }) => changeApprover(await getDb(), caller, query.x, body, 'remove'),
  },
});
