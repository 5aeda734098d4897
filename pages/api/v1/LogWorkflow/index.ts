import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { addWorkflowLog } from '@/lib/server/workflow/add-workflow-log';
import { listWorkflowLog } from '@/lib/server/workflow/list-workflow-log';

export default apiRoute({
  acl: aclOf('holder'),
  methods: {
    GET: async ({ caller, query }) => listWorkflowLog(await getDb(), caller, query),
    POST: async ({ caller, body }) => addWorkflowLog(await getDb(), caller, body),
  },
});
