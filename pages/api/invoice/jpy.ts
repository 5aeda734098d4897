import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { invoicesInJpy } from '@/lib/server/invoices/invoice-jpy';

// The yen amount of each listed invoice at its month's recorded rate (the bill's conversion).
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => invoicesInJpy(await getDb(), caller, query),
  },
});
