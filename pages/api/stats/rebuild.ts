import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { rebuildStats } from '@/lib/server/stats/rebuild';

// Administrators only: refills the sales_monthly roll-up from the sales rows.
export default apiRoute({
  acl: aclOf('system'),
  methods: {
    POST: async ({ caller, body }) => rebuildStats(await getDb(), caller, body),
  },
});
