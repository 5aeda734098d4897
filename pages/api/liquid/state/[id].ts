import { apiRoute } from '@/lib/server/api/route';
import { aclOf } from '@/lib/server/roles/role-lists';
import { getDb } from '@/lib/server/db/client';
import { changeApplicationState } from '@/lib/server/liquid/change-state';

// Admin or product staff; the liquid flow definition decides which moves are allowed.
export default apiRoute({
  // Staff only, checked before the application is looked up.
  acl: aclOf('holderProductOnly'),
  methods: {
    POST: async ({ caller, query, body }) => changeApplicationState(await getDb(), caller, query.id, body),
  },
});
