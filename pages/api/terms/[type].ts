import { authenticate } from '@/lib/server/api/authenticate';
import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { deleteTerms } from '@/lib/server/terms/delete-terms';
import { getTerms } from '@/lib/server/terms/get-terms';
import { publishTerms } from '@/lib/server/terms/publish-terms';

// Reading is public (the terms pages need no sign-in); publishing and deleting need an
// administrator or the product role (checked by the services).
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ caller, query }) => getTerms(await getDb(), caller, query),
    PUT: async ({ req, query, body }) => publishTerms(await getDb(), await authenticate(req), query, body),
    DELETE: async ({ req, query }) => deleteTerms(await getDb(), await authenticate(req), query),
  },
});
