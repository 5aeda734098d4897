import { apiRoute } from '@/lib/server/api/route';
import { verifyContract } from '@/lib/server/contracts/send-pdf';
import { getDb } from '@/lib/server/db/client';

export default apiRoute({
  methods: {
    POST: async ({ caller, query, body }) => verifyContract(await getDb(), caller, query.id, body),
  },
});
