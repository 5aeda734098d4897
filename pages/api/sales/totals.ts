import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { totals } from '@/lib/server/sales/commands';

export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => totals(await getDb(), caller, query),
  },
});
