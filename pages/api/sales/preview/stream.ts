import { apiRoute } from '@/lib/server/api/route';
import { uploadRoute } from '@/lib/server/api/upload-route';
import { getDb } from '@/lib/server/db/client';
import { previewUpload } from '@/lib/server/sales/commands';

// The file is the body, read as it arrives (only its first rows are kept): no body parser.
export const config = { api: { bodyParser: false } };
export default uploadRoute(
  apiRoute({
    methods: {
      POST: async ({ caller, req }) => {
        const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
        return previewUpload(await getDb(), caller, query, req);
      },
    },
  }),
);
