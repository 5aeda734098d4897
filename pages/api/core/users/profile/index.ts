import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getOwnProfile } from '@/lib/server/users/get-own-profile';

export default apiRoute({
  methods: {
    GET: async ({ caller }) => getOwnProfile(await getDb(), caller),
    POST: async ({ caller }) => getOwnProfile(await getDb(), caller),
  },
});
