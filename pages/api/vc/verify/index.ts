import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { verifyJwtInput } from '@/lib/server/credentials/verify-jwt-input';

// Public (no sign-in): verify a credential JWT (signature, revocation, term) → { valid, reason }.
export default apiRoute({
  auth: false,
  methods: {
    POST: async ({ res, caller, body }) => {
      res.setHeader('Cache-Control', 'no-store');
      return verifyJwtInput(await getDb(), caller?.lang ?? 'en', body);
    },
  },
});
