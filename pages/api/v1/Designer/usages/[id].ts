import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listDesignerUsages } from '@/lib/server/designers/list-designer-usages';
import { idOf } from '@/lib/server/entities/resolve';
import { viewerOf } from '@/lib/server/entities/viewer';

/** A designer's usage permits: its owner and holder staff only. */
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => {
      const db = await getDb();
      return listDesignerUsages(db, await viewerOf(db, caller), idOf(query.id));
    },
  },
});
