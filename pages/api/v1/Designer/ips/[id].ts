import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listDesignerIps } from '@/lib/server/designers/list-designer-ips';
import { idOf } from '@/lib/server/entities/resolve';
import { viewerOf } from '@/lib/server/entities/viewer';

/** A designer's secondary IPs: every state for its owner and holder staff, approved ones for others. */
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => {
      const db = await getDb();
      return listDesignerIps(db, await viewerOf(db, caller), idOf(query.id));
    },
  },
});
