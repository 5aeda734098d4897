import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { previewFile } from '@/lib/server/sales/commands';

// A 100,000-row CSV is about 8 MB, 11 MB in base64: this route alone takes up to 40 MB.
export const config = { api: { bodyParser: { sizeLimit: '40mb' } } };
export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => previewFile(await getDb(), caller, body),
  },
});
