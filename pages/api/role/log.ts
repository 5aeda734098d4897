import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listHolderLog } from '@/lib/server/holder/list-holder-log';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('holder'),
  methods: { GET: async ({ caller, query }) => listHolderLog(await getDb(), caller, query) },
});
