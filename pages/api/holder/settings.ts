import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { readHolderSettings, saveHolderSettings } from '@/lib/server/holder/settings';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('holderProductOnly'),
  methods: {
    GET: async ({ caller }) => readHolderSettings(await getDb(), caller),
    PUT: async ({ caller, body }) => saveHolderSettings(await getDb(), caller, body),
  },
});
