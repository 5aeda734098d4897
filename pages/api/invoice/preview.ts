import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { previewInvoice } from '@/lib/server/invoices/draft-invoice';

// The breakdown a draft would have, nothing written; same access as /api/invoice/draft.
export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => previewInvoice(await getDb(), caller, body),
  },
});
