import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { idOf } from '@/lib/server/entities/resolve';
import { viewerOf } from '@/lib/server/entities/viewer';
import { decideReview } from '@/lib/server/flow/decide-review';

/** A reviewer's decision: PATCH /api/v1/Review/{review key}/{approved|approved_with_conditions|rejected|changes_requested}. */
export default apiRoute({
  methods: {
    PATCH: async ({ caller, query, body }) => {
      const db = await getDb();
      return decideReview(db, await viewerOf(db, caller), idOf(query.id), String(query.state), body);
    },
  },
});
