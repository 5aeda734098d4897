import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { setSchemaEnabled } from '@/lib/server/credentials/schemas';

export default apiRoute({
  acl: aclOf('system'),
  methods: { POST: async ({ caller, query, body }) => setSchemaEnabled(await getDb(), caller, query.id, false, body) },
});
