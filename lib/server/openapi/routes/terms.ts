import { termsPutInput } from '../../terms/terms-input';
import type { RouteDoc } from '../route-docs';

const staff = 'calbee:admin, calbee:<product>';
const kinds = 'terms-common, terms-designer-personal or terms-licensee';

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
    },
    {
      path: '/api/terms',
      method: 'put',
      summary: "Without a type: status -1 'Missing type or termsData'",
      tag: 'terms',
      input: termsPutInput,
      acl: staff,
    },
    {
      path: '/api/terms',
      method: 'delete',
      summary: "Without a type: status -1 'Missing type'",
      tag: 'terms',
      acl: staff,
    },
    {
      path: '/api/terms/{type}',
      method: 'get',
      summary: `Every version of a terms document (${kinds}), oldest first, withdrawn ones marked (metadata.withdrawn), and the one in force; holder staff also get acceptance counts per version; \`?entity=\` names the holder`,
      tag: 'terms',
      public: true,
    },
    {
      path: '/api/terms/{type}',
      method: 'put',
      summary:
        "Publish a new version {termsData: {version, content, format: html|text, document: public PDF hash}}; HTML is sanitized; without termsData: status -1 'Missing type or termsData'",
      tag: 'terms',
      input: termsPutInput,
      acl: staff,
    },
    {
      path: '/api/terms/{type}',
      method: 'delete',
      summary:
        'Withdraw the version in force (or the one named by `?version=`, which must be in force): it stays in the history with its text and acceptances, and the version before it is in force again; nothing is deleted. `?entity=` names the holder',
      tag: 'terms',
      acl: staff,
    },
  ];
}
