import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getRoleProfile } from '@/lib/server/roles/get-role-profile';

export default apiRoute({
  methods: {
    GET: async ({ caller }) => getRoleProfile(await getDb(), caller),
    POST: async ({ caller }) => getRoleProfile(await getDb(), caller),
  },
});
