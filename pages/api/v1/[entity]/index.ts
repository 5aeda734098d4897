import { apiRoute } from '@/lib/server/api/route';
import { getDbHandle } from '@/lib/server/db/client';
import { queryRecordsJson } from '@/lib/server/entities/read-json';
import { createBatch, createRecord } from '@/lib/server/entities/records';
import { entityNamed, resolveEntity } from '@/lib/server/entities/resolve';

export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => {
      const limit = query.limit === undefined ? undefined : Number(query.limit);
      return queryRecordsJson(await getDbHandle(), entityNamed(query.entity), caller, { limit, cursor: query.cursor });
    },
    POST: async ({ caller, query, body }) => {
      const { def, db, viewer } = await resolveEntity(query.entity, caller);
      return Array.isArray(body) ? createBatch(db, def, viewer, body) : createRecord(db, def, viewer, body);
    },
  },
});
