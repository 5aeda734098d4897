import { apiRoute } from '@/lib/server/api/route';
import { getDbHandle } from '@/lib/server/db/client';
import { getRecordJson } from '@/lib/server/entities/read-json';
import { deleteRecord, patchRecord } from '@/lib/server/entities/records';
import { entityNamed, idOf, keyOrReferenceOf, resolveEntity } from '@/lib/server/entities/resolve';

export default apiRoute({
  methods: {
    GET: async ({ caller, query }) =>
      getRecordJson(await getDbHandle(), entityNamed(query.entity), caller, keyOrReferenceOf(query.id)),
    PATCH: async ({ caller, query, body }) => {
      const { def, db, viewer } = await resolveEntity(query.entity, caller);
      return patchRecord(db, def, viewer, idOf(query.id), body);
    },
    DELETE: async ({ caller, query }) => {
      const { def, db, viewer } = await resolveEntity(query.entity, caller);
      return deleteRecord(db, def, viewer, idOf(query.id));
    },
  },
});
