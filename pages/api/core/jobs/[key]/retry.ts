import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { retryJob } from '@/lib/server/jobs/admin';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: {
    POST: async ({ caller, query, body }) => retryJob(await getDb(), caller, { key: query.key }, body),
  },
});
