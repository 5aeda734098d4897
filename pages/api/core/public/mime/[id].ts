import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { fileInfoOf } from '@/lib/server/storage/file-info';
import { hashOfId } from '@/lib/server/storage/file-ref';
import { findFile } from '@/lib/server/storage/read-file';

/** Type, size, name and dimensions of a public file, to anyone. */
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ query }) => fileInfoOf(await findFile(await getDb(), hashOfId(query.id) ?? '', null, { publicOnly: true })),
  },
});
