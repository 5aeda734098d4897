import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { sendInvoicePdf } from '@/lib/server/invoices/send-invoice-pdf';

// The organisation's members and holder roles; ?lang=jp|en, else the caller's language.
export default apiRoute({
  methods: {
    GET: async ({ caller, res, query }) => sendInvoicePdf(await getDb(), caller, res, query.id, query.lang),
  },
});
