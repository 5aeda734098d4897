import { apiRoute } from '@/lib/server/api/route';
import { issuerConnection } from '@/lib/server/credentials/issuer';

export default apiRoute({
  methods: { GET: async () => issuerConnection() },
});
