import { publicListQuery } from '../../storage/public-list';
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
  required: ['hash', 'cid', 'mime', 'size', 'name', 'width', 'height', 'public'],
};

/** A public file as data maintenance lists it (lib/server/storage/public-list.ts). */
const publicFileProperties = {
  hash: { type: 'string', description: 'sha-256, hex' },
  cid: { type: 'string', description: 'CIDv1: raw codec, sha2-256, base32 (b…)' },
  name: { type: 'string' },
  mime: { type: 'string' },
  size: { type: 'integer' },
  width: { type: ['integer', 'null'] },
  height: { type: ['integer', 'null'] },
  owner: { type: 'string', description: 'sub of the uploader' },
  ownerEmail: { type: ['string', 'null'] },
  ownerName: { type: ['string', 'null'], description: 'The nickname, or null when none is set' },
  dateCreated: { type: 'string', format: 'date-time' },
};

const publicFileList = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: { type: 'object', properties: publicFileProperties, required: Object.keys(publicFileProperties) },
    },
    total: { type: 'integer' },
    page: { type: 'integer' },
    size: { type: 'integer' },
    mimes: { type: 'array', items: { type: 'string' }, description: 'Every type among public files, for the filter' },
  },
  required: ['items', 'total', 'page', 'size', 'mimes'],
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
      input: publicListQuery,
      acl: 'calbee:admin',
      output: publicFileList,
    },
  ];
}
