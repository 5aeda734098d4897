import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { reportFromForm } from '@/lib/server/sales/commands';

export default apiRoute({
  methods: {
    POST: async ({ caller, body }) => reportFromForm(await getDb(), caller, body),
  },
});
