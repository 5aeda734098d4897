import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { viewerOf } from '@/lib/server/entities/viewer';
import { subjectsOfKind } from '@/lib/server/flow/approve-subject';
import { queueAnswer } from '@/lib/server/flow/review-queue';
import { aclOf } from '@/lib/server/roles/role-lists';

/** The approval queue: what the caller's groups still have to decide, oldest first, each record named for the reader. */
export default apiRoute({
  acl: aclOf('holder'),
  methods: {
    GET: async ({ caller, query }) => {
      const db = await getDb();
      return queueAnswer(db, await viewerOf(db, caller), subjectsOfKind(query.kind), caller.lang);
    },
  },
});
