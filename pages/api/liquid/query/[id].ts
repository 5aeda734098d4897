import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { queryApplications } from '@/lib/server/liquid/query-applications';

// id: an application key, `mine` (the caller's latest) or `all` (staff; ?state= keeps one state).
export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => queryApplications(await getDb(), caller, query.id, query),
  },
});
