import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { verifyPublic } from '@/lib/server/credentials/verify-public';

// Public (no sign-in): the license status behind a product key or a credential key, checked now.
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ res, query }) => {
      res.setHeader('Cache-Control', 'no-store');
      return verifyPublic(await getDb(), query.id);
    },
  },
});
