import { statsQueryInput, statsRebuildInput } from '../../stats/inputs';
import { CHART_IDS } from '../../../stats/chart-ids';
import type { RouteDoc } from '../route-docs';

const staff = 'calbee:admin, calbee:<product>';

/** Routes of the stats area, documented with the zod schemas their handlers validate with. */
export function statsRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/stats/{chart}',
      method: 'get',
      summary:
        'The table behind one holder statistics chart (monthly, licensees, ips, designers, throughput, steps, licenses) for the query parameters (statsQueryInput) ?from=&to= (YYYY-MM, default the last 12 months) and ?currency= (default JPY), ?limit= for the top-N charts; money in integer minor units of that one currency. Sales charts read the sales_monthly roll-up (approved and invoiced reports). `{chart}.csv` answers the same table as CSV (UTF-8 with BOM, formula-leading cells prefixed with an apostrophe)',
      tag: 'stats',
      input: statsQueryInput,
      output: {
        type: 'object',
        properties: {
          chart: { type: 'string', enum: [...CHART_IDS] },
          from: { type: 'string' },
          to: { type: 'string' },
          currency: { type: 'string' },
          source: { type: 'string', enum: ['sales_monthly', 'reviews', 'licenses'] },
          columns: { type: 'array', items: { type: 'string' } },
          rows: { type: 'array', items: { type: 'array', items: { type: ['string', 'number', 'null'] } } },
        },
        required: ['chart', 'from', 'to', 'currency', 'source', 'columns', 'rows'],
      },
      acl: staff,
    },
    {
      path: '/api/stats/rebuild',
      method: 'post',
      summary: 'Rebuild the sales_monthly roll-up from every approved or invoiced sales row (admin); answers groups, rows and ms',
      tag: 'stats',
      input: statsRebuildInput,
      acl: 'calbee:admin',
      output: {
        type: 'object',
        properties: {
          groups: { type: 'integer', description: 'Rows of sales_monthly written' },
          rows: { type: 'integer', description: 'Sales rows read' },
          ms: { type: 'integer', description: 'How long the rebuild took' },
        },
        required: ['groups', 'rows', 'ms'],
      },
    },
  ];
}
