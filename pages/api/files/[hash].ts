import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { fileForRoute } from '@/lib/server/storage/file-access';
import { hashOfId } from '@/lib/server/storage/file-ref';
import { openBlob } from '@/lib/server/storage/read-file';
import { sendStored } from '@/lib/server/storage/send-file';

/** The bytes of a file the caller may read: public ones to anyone, private ones to their owner and holder roles. */
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ req, res, caller, query }) => {
      const file = await fileForRoute(await getDb(), hashOfId(query.hash) ?? '', caller, 'private');
      await sendStored(req, res, file, () => openBlob(file.hash));
    },
  },
});
