import { apiRoute } from '@/lib/server/api/route';
import { sendContractPdf } from '@/lib/server/contracts/send-pdf';
import { getDb } from '@/lib/server/db/client';

// {id}: a license key (its contract in force) or a contract key; ?final=1 for the signed agreement;
// ?lang=jp|en other than the contract's own: a reference translation (not binding, not stored).
export default apiRoute({
  methods: {
    GET: async ({ caller, res, query }) => sendContractPdf(await getDb(), caller, res, query.id, query.final, query.lang),
  },
});
