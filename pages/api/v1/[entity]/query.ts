import { apiRoute } from '@/lib/server/api/route';
import { getDbHandle } from '@/lib/server/db/client';
import { queryRecordsJson } from '@/lib/server/entities/read-json';
import { entityNamed } from '@/lib/server/entities/resolve';

export default apiRoute({
  methods: {
    POST: async ({ caller, query, body }) => queryRecordsJson(await getDbHandle(), entityNamed(query.entity), caller, body),
  },
});
