import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getInvoiceDetails } from '@/lib/server/invoices/invoice-breakdown';

// The organisation's members and holder roles; another organisation's invoice answers not found.
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => getInvoiceDetails(await getDb(), caller, query.id),
  },
});
