import { storageSaveInput } from '../../storage/upload-input';
import type { RouteDoc } from '../route-docs';

const fileInfo = {
  type: 'object',
  properties: {
    hash: { type: 'string', description: 'sha-256, hex' },
    cid: { type: 'string', description: 'CIDv1: raw codec, sha2-256, base32 (b…)' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    name: { type: 'string' },
    width: { type: ['integer', 'null'] },
    height: { type: ['integer', 'null'] },
    public: { type: 'boolean' },
  },
};

/** Routes of the storage area, documented with the zod schemas their handlers validate with. */
export function storageRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/ipfs',
      method: 'post',
      summary:
        'Store a file (base64, same rules as /core/storage/save: type sniffed from the bytes, size limited) and answer its CIDv1 (raw, sha2-256, base32). Equal to `ipfs add --cid-version=1 --raw-leaves` for files up to 256 KiB (one block)',
      tag: 'storage',
      input: storageSaveInput,
      output: fileInfo,
    },
    {
      path: '/api/ipfs',
      method: 'get',
      summary: 'The CIDv1 and facts of stored content (?hash=<sha-256 or CID>) the caller may read; public files to anyone',
      tag: 'storage',
      output: fileInfo,
      public: true,
    },
    {
      path: '/api/core/storage/public/list',
      method: 'get',
      summary:
        'Data maintenance: public files newest first with owner, size, dimensions and CID; ?mime= (a type or a family such as image/), ?q= (name), ?page=, ?size= (≤ 100)',
      tag: 'storage',
      acl: 'calbee:admin',
    },
  ];
}
