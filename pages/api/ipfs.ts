import { apiRoute } from '@/lib/server/api/route';
import { AppError } from '@/lib/server/api/errors';
import { getDb } from '@/lib/server/db/client';
import { ipfsAdd, ipfsStat } from '@/lib/server/storage/ipfs';

// Base64 of UPLOAD_MAX_BYTES (10 MiB by default) and the JSON around it.
export const config = { api: { bodyParser: { sizeLimit: '15mb' } } };

/** SPEC §7 /ipfs: POST stores a file and answers its CIDv1; GET ?hash= answers the CIDv1 of stored content. */
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ caller, query }) => ipfsStat(await getDb(), caller, { hash: query.hash }),
    POST: async ({ caller, body }) => {
      if (!caller) throw new AppError('invalid_session', 'invalid session');
      return ipfsAdd(await getDb(), caller, body);
    },
  },
});
