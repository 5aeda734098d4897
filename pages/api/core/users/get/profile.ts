import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getPublicProfile } from '@/lib/server/users/get-public-profile';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => getPublicProfile(await getDb(), caller, body) },
});
