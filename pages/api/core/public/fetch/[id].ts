import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { hashOfId } from '@/lib/server/storage/file-ref';
import { findFile, openBlob } from '@/lib/server/storage/read-file';
import { sendStored } from '@/lib/server/storage/send-file';

/** The bytes of a public file, to anyone. */
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ req, res, query }) => {
      const file = await findFile(await getDb(), hashOfId(query.id) ?? '', null, { publicOnly: true });
      await sendStored(req, res, file, () => openBlob(file.hash));
    },
  },
});
