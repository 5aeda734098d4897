import { apiRoute } from '@/lib/server/api/route';
import { requestMeta } from '@/lib/server/contracts/request-meta';
import { signContract } from '@/lib/server/contracts/sign';
import { getDb } from '@/lib/server/db/client';

export default apiRoute({
  methods: {
    POST: async ({ caller, req, query, body }) => signContract(await getDb(), caller, query.id, body, requestMeta(req)),
  },
});
