import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { balances } from '@/lib/server/payments/balances';

// Holder roles see every licensee's balances; an organisation's members see their own.
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => balances(await getDb(), caller, query),
  },
});
