import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getRoles } from '@/lib/server/roles/get-roles';

// Administrators, or the user themselves (checked by getRoles).
export default apiRoute({
  methods: { POST: async ({ caller, body }) => getRoles(await getDb(), caller, body) },
});
