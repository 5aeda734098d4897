import { apiRoute } from '@/lib/server/api/route';
import { publicJwks } from '@/lib/server/credentials/signing-keys';

// Public: the keys credentials and presentations verify with. Answered as a bare JWK Set.
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ res }) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.status(200).json(await publicJwks());
    },
  },
});
