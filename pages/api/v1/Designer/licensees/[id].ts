import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listLicenseeOptions } from '@/lib/server/designers/list-licensee-options';
import { idOf } from '@/lib/server/entities/resolve';
import { viewerOf } from '@/lib/server/entities/viewer';

/** Licensee organisations {key, name} for a designer's license application: its owner and holder staff only. */
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => {
      const db = await getDb();
      return listLicenseeOptions(db, await viewerOf(db, caller), idOf(query.id));
    },
  },
});
