import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { applyForDesigner } from '@/lib/server/liquid/apply-for-designer';

// Any signed-in user applies for themselves; admin and product staff may file for someone.
export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => applyForDesigner(await getDb(), caller, body),
  },
});
