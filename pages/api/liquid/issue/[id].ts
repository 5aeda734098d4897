import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { issueDesigner } from '@/lib/server/liquid/issue-designer';

// Admin or product staff, from approved: creates the Designer record and grants the designer role.
export default apiRoute({
  methods: {
    POST: async ({ caller, query, body }) => issueDesigner(await getDb(), caller, query.id, body),
  },
});
