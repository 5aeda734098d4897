import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listAllNotifications } from '@/lib/server/notify/list-all-notifications';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: {
    GET: async ({ caller, query }) => listAllNotifications(await getDb(), caller, query),
  },
});
