import { apiRoute } from '@/lib/server/api/route';
import { listAdminLog } from '@/lib/server/audit/list-admin-log';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: { GET: async ({ caller, query }) => listAdminLog(await getDb(), caller, query) },
});
