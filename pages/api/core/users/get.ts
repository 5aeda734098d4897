import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getUser } from '@/lib/server/users/get-user';

// The user themselves, administrators and holder roles (checked by getUser).
export default apiRoute({
  methods: { POST: async ({ caller, body }) => getUser(await getDb(), caller, body) },
});
