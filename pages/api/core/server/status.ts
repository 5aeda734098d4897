import { apiRoute } from '@/lib/server/api/route';
import { serverStatus } from '@/lib/server/system/status';

export default apiRoute({ auth: false, methods: { GET: async () => serverStatus() } });
