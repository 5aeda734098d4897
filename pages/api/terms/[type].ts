import { authenticate } from '@/lib/server/api/authenticate';
import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getTerms } from '@/lib/server/terms/get-terms';
import { publishTerms } from '@/lib/server/terms/publish-terms';
import { withdrawTerms } from '@/lib/server/terms/withdraw-terms';

// Reading is public (the terms pages need no sign-in); publishing and withdrawing (DELETE:
// versions are evidence, never removed) need an administrator or the product role (checked by the services).
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ caller, query }) => getTerms(await getDb(), caller, query),
    PUT: async ({ req, query, body }) => publishTerms(await getDb(), await authenticate(req), query, body),
    DELETE: async ({ req, query }) => withdrawTerms(await getDb(), await authenticate(req), query),
  },
});
