import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { holderBill } from '@/lib/server/billing/bill';

// Holder roles (checked in the service): the bill every licensee owes, from the invoice computation.
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => holderBill(await getDb(), caller, query),
  },
});
