import { apiRoute } from '@/lib/server/api/route';
import { listDownloadLicenses } from '@/lib/server/batch/list-download-licenses';
import { getDb } from '@/lib/server/db/client';

// The caller's organisations' active licenses with their asset counts and sizes.
export default apiRoute({
  methods: {
    GET: async ({ caller }) => listDownloadLicenses(await getDb(), caller),
  },
});
