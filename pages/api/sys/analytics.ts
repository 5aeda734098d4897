import { apiRoute } from '@/lib/server/api/route';
import { pageViewReport } from '@/lib/server/analytics/page-views';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: { GET: async ({ caller, query }) => pageViewReport(await getDb(), caller, query) },
});
