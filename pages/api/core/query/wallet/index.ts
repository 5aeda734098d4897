import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { aclOf } from '@/lib/server/roles/role-lists';
import { listWallets } from '@/lib/server/credentials/admin-wallets';

export default apiRoute({
  acl: aclOf('system'),
  methods: { GET: async () => listWallets(await getDb()) },
});
