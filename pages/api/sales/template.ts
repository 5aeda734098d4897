import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { salesTemplate } from '@/lib/server/sales/template';

export default apiRoute({
  methods: {
    GET: async ({ caller, query, res }) => {
      const file = await salesTemplate(await getDb(), caller, query);
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.status(200).send(file.body);
      return undefined;
    },
  },
});
