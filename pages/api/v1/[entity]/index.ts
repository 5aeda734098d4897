import { apiRoute } from '@/lib/server/api/route';
import { createBatch, createRecord, queryRecords } from '@/lib/server/entities/records';
import { resolveEntity } from '@/lib/server/entities/resolve';

export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => {
      const { def, db, viewer } = await resolveEntity(query.entity, caller);
      const limit = query.limit === undefined ? undefined : Number(query.limit);
      return queryRecords(db, def, viewer, { limit, cursor: query.cursor });
    },
    POST: async ({ caller, query, body }) => {
      const { def, db, viewer } = await resolveEntity(query.entity, caller);
      return Array.isArray(body) ? createBatch(db, def, viewer, body) : createRecord(db, def, viewer, body);
    },
  },
});
