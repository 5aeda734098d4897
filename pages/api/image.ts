import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { imageRequest } from '@/lib/server/storage/image-request';
import { sendStored } from '@/lib/server/storage/send-file';

/** The image optimisation path of SPEC §7: a WebP thumbnail of an image stored on this site. */
export default apiRoute({
  auth: false,
  methods: {
    GET: async ({ req, res, caller, query }) => {
      const { file, thumb } = await imageRequest(await getDb(), caller, query);
      await sendStored(
        req,
        res,
        {
          hash: file.hash,
          tag: `${file.hash}-${thumb.width}-${thumb.quality}`,
          mime: 'image/webp',
          size: thumb.bytes.length,
          public: file.public,
          disposition: 'inline',
        },
        thumb.bytes,
      );
    },
  },
});
