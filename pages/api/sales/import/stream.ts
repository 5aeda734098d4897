import { apiRoute } from '@/lib/server/api/route';
import { answerWithProgress } from '@/lib/server/api/progress-answer';
import { uploadRoute } from '@/lib/server/api/upload-route';
import { getDb } from '@/lib/server/db/client';
import { importUpload } from '@/lib/server/sales/commands';
import type { ImportProgress } from '@/lib/server/sales/stream-import';

// The file is the body, read as it arrives: no body parser, no size limit here (the import's row,
// column and record limits bound it).
export const config = { api: { bodyParser: false } };
export default uploadRoute(
  apiRoute({
    methods: {
      POST: async ({ caller, req, res }) => {
        const db = await getDb();
        const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
        return answerWithProgress<ImportProgress>(req, res, (report) => importUpload(db, caller, query, req, report));
      },
    },
  }),
);
