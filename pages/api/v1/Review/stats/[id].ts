import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { idOf } from '@/lib/server/entities/resolve';
import { viewerOf } from '@/lib/server/entities/viewer';
import { findSubject, reviewStats } from '@/lib/server/flow/history';

export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => {
      const db = await getDb();
      const viewer = await viewerOf(db, caller);
      const key = idOf(query.id);
      return reviewStats(db, await findSubject(db, viewer, key), viewer, key);
    },
  },
});
