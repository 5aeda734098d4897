import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getRolesById } from '@/lib/server/roles/get-roles';
import { replaceUserAclById } from '@/lib/server/users/replace-user-acl';

// GET: administrators or the user themselves; PUT: administrators (checked by the services).
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => getRolesById(await getDb(), caller, query.id),
    PUT: async ({ caller, query, body }) => replaceUserAclById(await getDb(), caller, query.id, body),
  },
});
