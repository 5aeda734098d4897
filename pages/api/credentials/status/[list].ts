import { apiRoute } from '@/lib/server/api/route';
import { AppError } from '@/lib/server/api/errors';
import { getDb } from '@/lib/server/db/client';
import { publishedStatusList } from '@/lib/server/credentials/publish-status-list';
import { VC_TYP } from '@/lib/server/credentials/license-document';

// Public (no sign-in): the revocation status list, a signed BitstringStatusListCredential (vc+jwt).
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ res, query }) => {
      const jwt = await publishedStatusList(await getDb(), query.list);
      if (!jwt) throw new AppError('not_found', 'status list not found');
      // Short-lived: verifiers may cache it a minute; a termination shows within that.
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.setHeader('Content-Type', `application/${VC_TYP}`);
      res.status(200).send(jwt);
    },
  },
});
