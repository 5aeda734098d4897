import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { storageMime } from '@/lib/server/storage/file-info';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => storageMime(await getDb(), caller, body) },
});
