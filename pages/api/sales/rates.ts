import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listRates, recordRate } from '@/lib/server/fx/rates';

// Holder roles read the rates; finance approvers (cfl) and administrators record them (checked in the service).
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => listRates(await getDb(), caller, query),
    POST: async ({ caller, body }) => recordRate(await getDb(), caller, body),
  },
});
