import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { saveFile } from '@/lib/server/storage/save-file';
import { parseUpload } from '@/lib/server/storage/upload-input';

export const config = { api: { bodyParser: { sizeLimit: '15mb' } } };

export default apiRoute({
  acl: aclOf('holder'),
  methods: {
    POST: async ({ caller, body }) => {
      const input = parseUpload(body, caller.lang);
      return saveFile(await getDb(), { ...input, public: true, owner: caller.sub, lang: caller.lang });
    },
  },
});
