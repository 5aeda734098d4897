import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { deleteDoc } from '@/lib/server/docs/delete-doc';
import { getDoc } from '@/lib/server/docs/get-doc';
import { replaceDoc } from '@/lib/server/docs/replace-doc';

// Reading: anyone signed in; writing: administrators and the product role (checked by the services).
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => getDoc(await getDb(), caller, query.name, query.id),
    PUT: async ({ caller, query, body }) => replaceDoc(await getDb(), caller, query.name, query.id, body),
    DELETE: async ({ caller, query }) => deleteDoc(await getDb(), caller, query.name, query.id),
  },
});
