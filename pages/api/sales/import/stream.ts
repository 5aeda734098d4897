import type { NextApiRequest, NextApiResponse } from 'next';
import { apiRoute } from '@/lib/server/api/route';
import { answerWithProgress } from '@/lib/server/api/progress-answer';
import { getDb } from '@/lib/server/db/client';
import { importUpload } from '@/lib/server/sales/commands';
import type { ImportProgress } from '@/lib/server/sales/stream-import';

// The file is the body, read as it arrives: no body parser, no size limit here (the import's row,
// column and record limits bound it).
export const config = { api: { bodyParser: false } };

const route = apiRoute({
  methods: {
    POST: async ({ caller, req, res }) => {
      const db = await getDb();
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      return answerWithProgress<ImportProgress>(req, res, (report) => importUpload(db, caller, query, req, report));
    },
  },
});

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  // An upload cut short makes the request emit 'error', perhaps while the caller is still being
  // authenticated and nothing reads the body yet; the import hears it from its reader later, and
  // an error nobody listened for must not take the process down meanwhile.
  req.on('error', () => undefined);
  return route(req, res);
}
