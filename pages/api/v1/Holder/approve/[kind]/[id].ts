import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { idOf } from '@/lib/server/entities/resolve';
import { viewerOf } from '@/lib/server/entities/viewer';
import { approveSubject } from '@/lib/server/flow/approve-subject';
import { aclOf } from '@/lib/server/roles/role-lists';

/** POST {decision, comment?, markups?}: the caller's group decides on this item. */
export default apiRoute({
  acl: aclOf('holder'),
  methods: {
    POST: async ({ caller, query, body }) => {
      const db = await getDb();
      return approveSubject(db, await viewerOf(db, caller), query.kind, idOf(query.id), body);
    },
  },
});
