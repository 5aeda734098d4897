import { apiRoute } from '@/lib/server/api/route';
import { mintWrapper, readMint } from '@/lib/server/chain/mint-wrapper';
import { getDb } from '@/lib/server/db/client';

/** SPEC §7 /eth/mintwrapper: mint (POST {ip_id, sub}) or read (GET ?ip_id=) the ERC-721 wrapping an IP. */
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => readMint(await getDb(), caller, { ip_id: query.ip_id }),
    POST: async ({ caller, body }) => mintWrapper(await getDb(), caller, body),
  },
});
