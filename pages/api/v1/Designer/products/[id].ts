import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listDesignerProducts } from '@/lib/server/designers/list-designer-products';
import { idOf } from '@/lib/server/entities/resolve';
import { viewerOf } from '@/lib/server/entities/viewer';

/** Products made from a designer's IPs, with the pending designer review: its owner and holder staff only. */
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => {
      const db = await getDb();
      return listDesignerProducts(db, await viewerOf(db, caller), idOf(query.id));
    },
  },
});
