import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { requireRole } from '@/lib/server/roles/role-lists';
import { saveFile } from '@/lib/server/storage/save-file';
import { parseUpload } from '@/lib/server/storage/upload-input';

// Base64 of UPLOAD_MAX_BYTES (10 MiB by default) and the JSON around it.
export const config = { api: { bodyParser: { sizeLimit: '15mb' } } };

export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => {
      const input = parseUpload(body, caller.lang);
      // Public files are served to anyone: only holder roles publish (as through /api/core/public/save).
      if (input.public) requireRole(caller, 'holder');
      return saveFile(await getDb(), { ...input, owner: caller.sub, lang: caller.lang });
    },
  },
});
