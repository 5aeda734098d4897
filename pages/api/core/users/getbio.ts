import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getBio } from '@/lib/server/users/get-bio';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => getBio(await getDb(), caller, body) },
});
