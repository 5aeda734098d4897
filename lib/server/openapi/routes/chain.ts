import { mintWrapperInput, mintWrapperQuery } from '../../chain/mint-wrapper';
import type { RouteDoc } from '../route-docs';

const mintOutput = {
  type: 'object',
  properties: {
    ip_id: { type: 'string' },
    tokenId: { type: 'string', description: 'uint256 in decimal: the first 64 bits of keccak-256 of the IP key' },
    contract: { type: 'string', description: 'IPWrapper (ERC-721) address' },
    chainId: { type: 'integer' },
    owner: { type: 'string', description: 'wallet address the token was minted to' },
    sub: { type: 'string' },
    metadataCid: { type: 'string', description: 'CIDv1 of the metadata JSON in the file store' },
    tokenURI: { type: 'string', description: 'ipfs://<metadataCid>' },
    txHash: { type: 'string' },
    dateCreated: { type: 'string', format: 'date-time' },
    minted: { type: 'boolean', description: 'true when this call sent the transaction' },
  },
  required: [
    'ip_id',
    'tokenId',
    'contract',
    'chainId',
    'owner',
    'sub',
    'metadataCid',
    'tokenURI',
    'txHash',
    'dateCreated',
    'minted',
  ],
};

/** Routes of the chain area, documented with the zod schemas their handlers validate with. */
export function chainRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/eth/mintwrapper',
      method: 'post',
      summary:
        "Mint the ERC-721 wrapping an approved (or published) IP to the user's wallet (users.wallet; none: status 5 on sub); holder staff for anyone, the IP's owner for themselves. Idempotent per IP: a second call answers the same token and sends no transaction",
      tag: 'chain',
      input: mintWrapperInput,
      output: mintOutput,
      acl: 'calbee:admin, calbee:<product>, or the IP owner',
    },
    {
      path: '/api/eth/mintwrapper',
      method: 'get',
      summary: "The recorded wrapper token of an IP (?ip_id=), or null; to holder roles and the IP's owner",
      tag: 'chain',
      input: mintWrapperQuery,
      output: { oneOf: [mintOutput, { type: 'null' }] },
    },
  ];
}
