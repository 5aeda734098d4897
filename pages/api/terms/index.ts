import { authenticate } from '@/lib/server/api/authenticate';
import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getLatestTerms } from '@/lib/server/terms/get-terms';
import { publishTerms } from '@/lib/server/terms/publish-terms';
import { withdrawTerms } from '@/lib/server/terms/withdraw-terms';

// GET: the latest version of every kind (public). PUT and DELETE without a type answer
// status -1 'Missing type or termsData' / 'Missing type' (SPEC §8) once the caller may write.
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ caller, query }) => getLatestTerms(await getDb(), caller, query),
    PUT: async ({ req, query, body }) => publishTerms(await getDb(), await authenticate(req), query, body),
    DELETE: async ({ req, query }) => withdrawTerms(await getDb(), await authenticate(req), query),
  },
});
