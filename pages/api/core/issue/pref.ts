import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { issuerPreferences } from '@/lib/server/credentials/issuer';

export default apiRoute({
  methods: { GET: async () => issuerPreferences(await getDb()) },
});
