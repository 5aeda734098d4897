import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { entities } from '@/lib/server/entities/definitions';
import { queryRecords } from '@/lib/server/entities/records';
import { viewerOf } from '@/lib/server/entities/viewer';
import { reviewQueue } from '@/lib/server/flow/review-queue';
import { aclOf } from '@/lib/server/roles/role-lists';

/** Usage permits for the holder: the caller's review queue and every permit (filter, sort and page as in /query). */
export default apiRoute({
  acl: aclOf('holder'),
  methods: {
    POST: async ({ caller, body }) => {
      const db = await getDb();
      const viewer = await viewerOf(db, caller);
      return {
        queue: await reviewQueue(db, viewer, ['usage']),
        permits: await queryRecords(db, entities.Usage, viewer, body ?? {}),
      };
    },
  },
});
