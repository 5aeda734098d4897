import { apiRoute } from '@/lib/server/api/route';
import { countPageView } from '@/lib/server/analytics/page-views';
import { getDb } from '@/lib/server/db/client';

// Public: every page reports its view, signed in or not; nothing about the person is read or kept.
export default apiRoute({
  auth: false,
  methods: { POST: async ({ caller, body }) => countPageView(await getDb(), caller, body) },
});
