import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { listOrganisations } from '@/lib/server/maintenance/list-organisations';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('dataMaintenance'),
  methods: { GET: async ({ caller, query }) => listOrganisations(await getDb(), caller, query) },
});
