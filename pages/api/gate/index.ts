import { apiRoute } from '@/lib/server/api/route';
import { checkGate } from '@/lib/server/gate/check-gate';

export default apiRoute({ auth: false, methods: { POST: async ({ body }) => checkGate(body) } });
