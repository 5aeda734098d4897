import { apiRoute } from '@/lib/server/api/route';
import { aclOf } from '@/lib/server/roles/role-lists';
import { getDb } from '@/lib/server/db/client';
import { issueDesigner } from '@/lib/server/liquid/issue-designer';

// Admin or product staff, from approved: creates the Designer record and grants the designer role.
export default apiRoute({
  // Staff only, checked before the application is looked up.
  acl: aclOf('holderProductOnly'),
  methods: {
    POST: async ({ caller, query, body }) => issueDesigner(await getDb(), caller, query.id, body),
  },
});
