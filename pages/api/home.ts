import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { getHome } from '@/lib/server/home/get-home';

export default apiRoute({
  methods: { GET: async ({ caller }) => getHome(await getDb(), caller) },
});
