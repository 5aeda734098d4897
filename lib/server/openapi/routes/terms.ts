import { termsPutInput, termsQueryInput } from '../../terms/terms-input';
import { TERMS_KINDS } from '../../../terms/kinds';
import type { RouteDoc } from '../route-docs';

const staff = 'calbee:admin, calbee:<product>';
const kinds = 'terms-common, terms-designer-personal or terms-licensee';

const metadata = {
  type: 'object',
  properties: {
    version: { type: 'string' },
    published: {
      type: 'string',
      description: 'When it was published, ISO 8601 in UTC (empty for an entry written by hand without one)',
    },
    format: { type: 'string', enum: ['html', 'text'] },
    document: { type: 'string', description: 'sha-256 of the attached PDF in the public file store' },
    withdrawn: { type: 'string', format: 'date-time', description: 'When it was withdrawn; absent while in force' },
  },
  required: ['version', 'published', 'format'],
};

/** One published version (lib/terms/kinds.ts TermsVersion). */
const version = {
  type: 'object',
  properties: {
    metadata,
    content: { type: 'string', description: 'Sanitized HTML (format html) or plain text' },
  },
  required: ['metadata', 'content'],
};

const inForce = { anyOf: [version, { type: 'null' }], description: 'The newest version not withdrawn, or null' };

/** Every version of one kind (lib/server/terms/terms-store.ts TermsDocument). */
const termsDocument = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: [...TERMS_KINDS] },
    entity: { type: 'string', description: 'Key of the holder' },
    versions: { type: 'array', items: version, description: 'Oldest first, withdrawn ones included' },
    latest: inForce,
    acceptances: {
      type: 'object',
      additionalProperties: { type: 'integer' },
      description: 'For holder staff: the number of acceptances by version',
    },
  },
  required: ['type', 'entity', 'versions', 'latest'],
};

/** Routes of the terms area, documented with the zod schemas their handlers validate with. */
export function termsRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/terms',
      method: 'get',
      summary:
        'The version in force of every terms kind (null when none is); `?entity=` names the holder, default holder otherwise',
      tag: 'terms',
      public: true,
      output: {
        type: 'object',
        properties: {
          entity: { type: 'string', description: 'Key of the holder' },
          latest: {
            type: 'object',
            properties: Object.fromEntries(TERMS_KINDS.map((kind) => [kind, inForce])),
            required: [...TERMS_KINDS],
          },
        },
        required: ['entity', 'latest'],
      },
    },
    {
      path: '/api/terms',
      method: 'put',
      summary:
        "Publish a new version, the kind given as ?type= (as /api/terms/{type}); without a type: status -1 'Missing type or termsData'",
      tag: 'terms',
      input: termsPutInput,
      acl: staff,
      output: termsDocument,
    },
    {
      path: '/api/terms',
      method: 'delete',
      summary:
        "Withdraw the version in force of the kind given as ?type= (as /api/terms/{type}); without a type: status -1 'Missing type'",
      tag: 'terms',
      query: termsQueryInput,
      acl: staff,
      output: termsDocument,
    },
    {
      path: '/api/terms/{type}',
      method: 'get',
      summary: `Every version of a terms document (${kinds}), oldest first, withdrawn ones marked (metadata.withdrawn), and the one in force; holder staff also get acceptance counts per version; \`?entity=\` names the holder`,
      tag: 'terms',
      public: true,
      output: termsDocument,
    },
    {
      path: '/api/terms/{type}',
      method: 'put',
      summary:
        "Publish a new version {termsData: {version, content, format: html|text, document: public PDF hash}}; HTML is sanitized; without termsData: status -1 'Missing type or termsData'",
      tag: 'terms',
      input: termsPutInput,
      acl: staff,
      output: termsDocument,
    },
    {
      path: '/api/terms/{type}',
      method: 'delete',
      summary:
        'Withdraw the version in force (or the one named by `?version=`, which must be in force): it stays in the history with its text and acceptances, and the version before it is in force again; nothing is deleted. `?entity=` names the holder',
      tag: 'terms',
      query: termsQueryInput,
      acl: staff,
      output: termsDocument,
    },
  ];
}
