import { apiRoute } from '@/lib/server/api/route';
import { objectOfText } from '@/lib/server/api/json-text';
import { getDbHandle } from '@/lib/server/db/client';
import { entities } from '@/lib/server/entities/definitions';
import { queryRecordsJson } from '@/lib/server/entities/read-json';
import { viewerOf } from '@/lib/server/entities/viewer';
import { queueAnswer } from '@/lib/server/flow/review-queue';
import { aclOf } from '@/lib/server/roles/role-lists';

/**
 * Usage permits for the holder: the caller's review queue and every permit (filter, sort and page
 * as in /query). The permits page is the one the database writes for /api/v1/Usage/query; the
 * queue's rows pass through as the database wrote them, with due groups, deadlines and names
 * added in JS (queueAnswer).
 */
export default apiRoute({
  acl: aclOf('holder'),
  methods: {
    POST: async ({ caller, body }) => {
      const handle = await getDbHandle();
      const [queue, permits] = await Promise.all([
        viewerOf(handle.db, caller).then((viewer) => queueAnswer(handle.db, viewer, ['usage'], caller.lang)),
        queryRecordsJson(handle, entities.Usage, caller, body ?? {}),
      ]);
      return objectOfText({ queue, permits });
    },
  },
});
