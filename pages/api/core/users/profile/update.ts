import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { updateOwnProfile } from '@/lib/server/users/update-own-profile';

export default apiRoute({
  methods: { POST: async ({ caller, body }) => updateOwnProfile(await getDb(), caller, body) },
});
