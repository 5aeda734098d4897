import { apiRoute } from '@/lib/server/api/route';
import { getDb } from '@/lib/server/db/client';
import { changeContractSigner } from '@/lib/server/holder/change-contract-signer';
import { listContractSigners } from '@/lib/server/holder/list-contract-signers';
import { aclOf } from '@/lib/server/roles/role-lists';

export default apiRoute({
  acl: aclOf('holderProductOnly'),
  methods: {
    GET: async () => listContractSigners(await getDb()),
    POST: async ({ caller, body }) => changeContractSigner(await getDb(), caller, body, 'add'),
    DELETE: async ({ caller, body }) => changeContractSigner(await getDb(), caller, body, 'remove'),
  },
});
