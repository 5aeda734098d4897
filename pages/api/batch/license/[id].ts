import { apiRoute } from '@/lib/server/api/route';
import { streamLicenseZip } from '@/lib/server/batch/stream-license-zip';
import { getDb } from '@/lib/server/db/client';

// A zip of any size: no response limit; GET only, so no body to parse.
// Members of the license's organisation (active license) and holder roles.
export const config = { api: { responseLimit: false, bodyParser: false } };

export default apiRoute({
  methods: {
    GET: async ({ caller, res, query }) => streamLicenseZip(await getDb(), caller, res, query.id),
  },
});
