import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { setBio } from '@/lib/server/users/set-bio';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => setBio(await getDb(), caller, body) },
});
