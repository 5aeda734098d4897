import { apiRoute } from '@/lib/server/api/route';
import { deleteRecord, getRecordByKeyOrReference, patchRecord } from '@/lib/server/entities/records';
import { idOf, keyOrReferenceOf, resolveEntity } from '@/lib/server/entities/resolve';

export default apiRoute({
  methods: {
    GET: async ({ caller, query }) => {
      const { def, db, viewer } = await resolveEntity(query.entity, caller);
      return getRecordByKeyOrReference(db, def, viewer, keyOrReferenceOf(query.id));
    },
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
