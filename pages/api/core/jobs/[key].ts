import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getJob } from '@/lib/server/jobs/admin';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('system'),
  methods: {
    GET: async ({ caller, query }) => getJob(await getDb(), caller, query),
  },
});
