import { apiRoute } from '@/lib/server/api/route';
import { getContractAttributes } from '@/lib/server/contracts/send-pdf';
import { getDb } from '@/lib/server/db/client';

export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => getContractAttributes(await getDb(), caller, query.id),
  },
});
