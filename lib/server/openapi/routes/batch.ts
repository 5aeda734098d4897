import type { RouteDoc } from '../route-docs';
import { zipFile } from '../outputs/files';

/** Batch download of the IP assets a license grants. */
export function batchRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/batch/licenses',
      method: 'get',
      summary: "The caller's organisations' active licenses with the number and total size of the files each grants",
      tag: 'batch',
      acl: 'calbee:*:licensee:<organisation>',
      output: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            license: { type: 'string' },
            reference: { type: 'string', description: "The license's number (LIC-2026-0042)" },
            licensee: { type: 'string' },
            licensee_name: { type: 'string' },
            ip: { type: 'string' },
            ip_name: { type: 'string' },
            ip_kind: { type: 'string' },
            parent_name: { type: ['string', 'null'] },
            term_start: { type: 'string', format: 'date-time' },
            term_end: { type: 'string', format: 'date-time' },
            files: { type: 'integer' },
            bytes: { type: 'integer' },
            guidelines: { type: 'boolean' },
          },
          required: [
            'license',
            'reference',
            'licensee',
            'licensee_name',
            'ip',
            'ip_name',
            'ip_kind',
            'parent_name',
            'term_start',
            'term_end',
            'files',
            'bytes',
            'guidelines',
          ],
        },
      },
    },
    {
      path: '/api/batch/license/{id}',
      method: 'get',
      summary:
        "A streamed zip (application/zip) of the license's IP originals, its primary IP's for a secondary IP, guidelines.txt and manifest.json; X-Total-Bytes gives the content size for progress. Members of the organisation while the license is active (else status 5, HTTP 409); holder roles always",
      tag: 'batch',
      acl: 'calbee:*:licensee:<organisation>, or calbee:admin, calbee:boss, calbee:<product>',
      raw: zipFile,
    },
  ];
}
