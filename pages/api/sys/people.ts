import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { peopleBySub } from '@/lib/server/maintenance/people-by-sub';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('dataMaintenance'),
  methods: { POST: async ({ caller, body }) => peopleBySub(await getDb(), caller, body) },
});
