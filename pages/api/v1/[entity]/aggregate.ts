import { apiRoute } from '@/lib/server/api/route';
import { aggregateRecords } from '@/lib/server/entities/records';
import { resolveEntity } from '@/lib/server/entities/resolve';

export default apiRoute({
  methods: {
    POST: async ({ caller, query, body }) => {
      const { def, db, viewer } = await resolveEntity(query.entity, caller);
      return aggregateRecords(db, def, viewer, body);
    },
  },
});
