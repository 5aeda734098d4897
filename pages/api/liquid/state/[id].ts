import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { changeApplicationState } from '@/lib/server/liquid/change-state';

// Admin or product staff; the liquid flow definition decides which moves are allowed.
export default apiRoute({
  methods: {
    POST: async ({ caller, query, body }) => changeApplicationState(await getDb(), caller, query.id, body),
  },
});
