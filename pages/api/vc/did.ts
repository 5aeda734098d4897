import { apiRoute } from '@/lib/server/api/route';
import { didDocument } from '@/lib/server/credentials/signing-keys';

// Public: the issuer's did:web DID document, served at /.well-known/did.json (and /did.json when
// APP_URL has a path) by rewrites. Answered bare, as did:web resolvers expect.
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ res }) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.setHeader('Content-Type', 'application/did+json');
      res.status(200).send(JSON.stringify(await didDocument()));
    },
  },
});
