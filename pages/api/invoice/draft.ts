import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { draftInvoice } from '@/lib/server/invoices/draft-invoice';

// Members (owner, admin, staff) of the organisation and holder roles; checked in draftInvoice.
export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => draftInvoice(await getDb(), caller, body),
  },
});
