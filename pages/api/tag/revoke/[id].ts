import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { revokeTag } from '@/lib/server/tags/revoke-tag';

export default apiRoute({
  // Holder staff, or the person who may change the record (checked by the service).
  acl: aclOf('signedIn'),
  methods: { POST: async ({ caller, query, body }) => revokeTag(await getDb(), caller, query.id, body) },
});
