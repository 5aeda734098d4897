import { apiRoute } from '@/lib/server/api/route';
import { issuerIdentity } from '@/lib/server/credentials/issuer';

export default apiRoute({
  methods: { GET: async () => issuerIdentity() },
});
