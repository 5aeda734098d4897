import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { listPublicFiles } from '@/lib/server/storage/public-list';

/** Data maintenance: the public files of the store, paged and filtered (administrators). */
export default apiRoute({
  acl: aclOf('dataMaintenance'),
  methods: { GET: async ({ caller, query }) => listPublicFiles(await getDb(), caller, query) },
});
