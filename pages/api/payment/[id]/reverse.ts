import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { reversePayment } from '@/lib/server/payments/record-payment';

// Finance approvers (cfl) and administrators; checked in the service.
export default apiRoute({
  methods: {
    POST: async ({ caller, query, body }) => reversePayment(await getDb(), caller, String(query.id), body),
  },
});
