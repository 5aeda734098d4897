import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { createDoc } from '@/lib/server/docs/create-doc';
import { listDocs } from '@/lib/server/docs/list-docs';

// Reading: anyone signed in; writing: administrators and the product role (checked by the services).
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => listDocs(await getDb(), caller, query.name, query),
    POST: async ({ caller, query, body }) => createDoc(await getDb(), caller, query.name, body),
  },
});
