import { apiRoute } from '@/lib/server/api/route';
import { openApiDocument } from '@/lib/server/openapi/document';

/** Served at /openapi.json (rewrite); the document itself, not an envelope, as OpenAPI tools expect. */
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ res }) => {
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.status(200).json(openApiDocument());
    },
  },
});
