import { authenticate } from '@/lib/server/api/authenticate';
import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { deleteTerms } from '@/lib/server/terms/delete-terms';
import { getLatestTerms } from '@/lib/server/terms/get-terms';
import { publishTerms } from '@/lib/server/terms/publish-terms';

// GET: the latest version of every kind (public). PUT and DELETE without a type answer
// status -1 'Missing type or termsData' / 'Missing type' (SPEC §8) once the caller may write.
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ caller, query }) => getLatestTerms(await getDb(), caller, query),
    PUT: async ({ req, query, body }) => publishTerms(await getDb(), await authenticate(req), query, body),
    DELETE: async ({ req, query }) => deleteTerms(await getDb(), await authenticate(req), query),
  },
});
