import { importInput, previewInput, reportInput, totalsInput } from '../../sales/commands';
import type { RouteDoc } from '../route-docs';

const members = 'calbee:*:licensee:<organisation> (members of the organisation), holder roles';

/** Routes of the sales area, documented with the zod schemas their handlers validate with. */
export function salesRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/sales/preview',
      method: 'post',
      summary:
        'Read a CSV or XLSX sales file (base64, up to 40 MB body): its columns, the column mapping to offer (the one the organisation used last, else guessed from the header), the first 20 rows and the row count. Nothing is stored.',
      tag: 'sales',
      input: previewInput,
      output: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['csv', 'xlsx'] },
          columns: { type: 'array', items: { type: 'string' } },
          mapping: { type: 'object', additionalProperties: { type: 'string' } },
          remembered: { type: 'boolean' },
          preview: { type: 'array', items: { type: 'object', additionalProperties: { type: 'string' } } },
          rowCount: { type: 'integer' },
        },
      },
      acl: members,
    },
    {
      path: '/api/sales/import',
      method: 'post',
      summary:
        'Import a sales file as one royalty report for a period: every row is validated against its license first (license of the organisation, active or expired and covering the period; product on the license and approved; territory; currency; amounts in major units with no more decimals than the currency has). Any refused row refuses the whole file: status 15 with data.errors {"row N": {field: message}} (N is the line in the file, the header being line 1). On success the report (state submitted, late flag) and its rows are stored in one transaction, cfl is asked to review, and the mapping is remembered for the organisation.',
      tag: 'sales',
      input: importInput,
      output: { $ref: '#/components/schemas/SalesReport' },
      acl: members,
    },
    {
      path: '/api/sales/report',
      method: 'post',
      summary:
        'Report sales rows entered in a form (amounts in major units) as one royalty report; validated and stored like /api/sales/import (errors name "row N" from 1).',
      tag: 'sales',
      input: reportInput,
      output: { $ref: '#/components/schemas/SalesReport' },
      acl: members,
    },
    {
      path: '/api/sales/totals',
      method: 'get',
      summary:
        'Running totals per license (?license= or ?licensee=, else every license the caller sees): royalties earned to date (rounded per row, half up), advance recouped and remaining, payable to date, MG progress in basis points. Rejected reports do not count.',
      tag: 'sales',
      input: totalsInput,
      acl: members,
    },
  ];
}
