import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { viewerOf } from '@/lib/server/entities/viewer';
import { latestDecisions } from '@/lib/server/flow/latest-decisions';

/** The last decision on each of a list's records: POST /api/v1/Review/latest { entity, keys }. */
export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => {
      const db = await getDb();
      return latestDecisions(db, await viewerOf(db, caller), body);
    },
  },
});
