import { importInput, previewInput, reportInput, totalsInput } from '../../sales/commands';
import { billInput } from '../../billing/bill';
import { ratesInput, recordRateInput } from '../../fx/rates';
import { templateInput } from '../../sales/template';
import type { RouteDoc } from '../route-docs';
import { jpyTotal, jpyView, taxLine, withRequired } from './billing-schemas';
import { salesSheet } from '../outputs/files';

const members = 'calbee:*:licensee:<organisation> (members of the organisation), holder roles';

/** One line of the holder's bill (lib/server/billing/bill.ts BillEntry). */
const billEntry = withRequired({
  licensee: { type: 'string' },
  licensee_name: { type: 'string' },
  period_start: { type: 'string', format: 'date-time' },
  period_end: { type: 'string', format: 'date-time' },
  currency: { type: 'string' },
  status: {
    type: 'string',
    enum: ['to_invoice', 'invoiced'],
    description: "to_invoice: approved rows not yet invoiced (what the invoice would say); invoiced: the invoice's own figures",
  },
  invoice_reference: { type: ['string', 'null'] },
  invoice_state: { type: ['string', 'null'] },
  royalty: { type: 'integer' },
  recouped: { type: 'integer' },
  mg_shortfall: { type: 'integer' },
  advance_billed: { type: 'integer', description: 'Advances billed on activation with this period' },
  subtotal: { type: 'integer' },
  tax_lines: { type: 'array', items: taxLine },
  total: { type: 'integer' },
  jpy: jpyView,
});

const rateMicro = { type: 'integer', description: 'JPY per one unit of the currency, in millionths (151.25 → 151250000)' };

/** A recorded exchange rate (lib/server/fx/rates.ts ExchangeRate). */
const exchangeRate = withRequired({
  currency: { type: 'string' },
  month: { type: 'string', pattern: '^\\d{4}-\\d{2}$', examples: ['2026-10'] },
  rate_micro: rateMicro,
  recorded_at: { type: 'string', format: 'date-time' },
  recorded_by: { type: 'string', description: 'sub of who recorded it' },
  history: {
    type: 'array',
    description: 'Earlier rates recorded for the same month and currency, newest first',
    items: withRequired({ rate_micro: rateMicro, recorded_at: { type: 'string', format: 'date-time' } }),
  },
});

/** Running totals of one license (lib/server/sales/totals.ts LicenseTotals). */
const licenseTotals = withRequired({
  license: { type: 'string' },
  reference: { type: 'string', description: "The license's number (LIC-2026-0042)" },
  ip: { type: 'string' },
  licensee: { type: 'string' },
  state: { type: 'string' },
  currency: { type: 'string' },
  royalty_rate_bp: { type: 'integer' },
  advance: { type: 'integer' },
  minimum_guarantee: { type: 'integer' },
  units: { type: 'integer' },
  net_sales: { type: 'integer' },
  rows: { type: 'integer', description: 'Sales rows counted: every state but rejected' },
  earned: { type: 'integer', description: "Royalties earned to date (sum of the rows' rounded royalties)" },
  recouped: { type: 'integer', description: 'The part of the advance already recouped' },
  advanceRemaining: { type: 'integer' },
  payable: { type: 'integer', description: 'Royalties payable to date beyond the advance' },
  mgCovered: { type: 'integer', description: 'max(earned, advance): counts towards the MG' },
  mgProgressBp: { type: 'integer', description: 'MG progress in basis points (10000 = reached, or no MG)' },
  mgRemaining: { type: 'integer' },
});

/** A sales file read but not stored: the JSON preview and the streamed one answer alike. */
const previewAnswer = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['csv', 'xlsx'] },
    columns: { type: 'array', items: { type: 'string' } },
    mapping: { type: 'object', additionalProperties: { type: 'string' } },
    remembered: { type: 'boolean' },
    preview: { type: 'array', items: { type: 'object', additionalProperties: { type: 'string' } } },
    rowCount: { type: 'integer' },
  },
  required: ['kind', 'columns', 'mapping', 'remembered', 'preview', 'rowCount'],
};

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
      output: previewAnswer,
      acl: members,
    },
    {
      path: '/api/sales/preview/stream',
      method: 'post',
      summary:
        'The same preview as POST /api/sales/preview for files of any length: the request body is the file itself (text/csv, or an XLSX), read as it arrives; the parameters are in the query string: file_name, licensee (optional) and mapping[field]=column (optional). Only the first 20 rows are kept; the row count covers all (up to SALES_IMPORT_MAX_ROWS).',
      tag: 'sales',
      output: previewAnswer,
      acl: members,
    },
    {
      path: '/api/sales/import',
      method: 'post',
      summary:
        'Import a sales file as one royalty report for a period: the period must have ended (Japan time; the running one only when Holder.config sales.allow_current_period is true), else status 5 naming period_start or period_end and data.reason future|unfinished. A report of licenses already reported for the same period is a correction (data.corrects lists the reports it corrects); once approved their rows become superseded; a period already invoiced is refused (409). Rows name the license by its contract reference (or key) and the product by its SKU, reference or key; rows without units and amounts are skipped. Every row is validated against its license first (license of the organisation, active or expired and covering the period; product on the license and approved; territory; currency; amounts in major units with no more decimals than the currency has). Any refused row refuses the whole file: status 15 with data.errors {"row N": {field: message}} (N is the line in the file, the header being line 1) and data.refusals [{row, field, column, value, message}], each message naming the column, the value and what would be accepted. On success the report (state submitted, late flag) and its rows are stored in one transaction, cfl is asked to review, and the mapping is remembered for the organisation.',
      tag: 'sales',
      input: importInput,
      output: { $ref: '#/components/schemas/SalesReport' },
      acl: members,
    },
    {
      path: '/api/sales/import/stream',
      method: 'post',
      summary:
        'The same import as POST /api/sales/import for files of any length (up to SALES_IMPORT_MAX_ROWS, 1,000,000 rows by default): the request body is the file itself (text/csv, or an XLSX as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or application/octet-stream), read as it arrives; the parameters are in the query string: licensee, period_start, period_end, file_name and the mapping as mapping[field]=column (mapping[license]=License&mapping[product]=SKU…). Rows are checked in batches and stored in one transaction as they are read, so a refused row anywhere, or an upload cut short, stores nothing. Answers like /api/sales/import. With Accept: application/x-ndjson the answer is JSON lines: {"progress":{"rows":n,"refused":n}} after each batch, the envelope last ({"status":0,"data":report}, or status 15 with data.errors and data.refusals); once progress has begun the HTTP status is 200 whatever the outcome, so read the envelope\'s status.',
      tag: 'sales',
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
      path: '/api/sales/template',
      method: 'get',
      summary:
        "The month's sales sheet for an organisation (?licensee=&period=YYYY-MM&format=csv|xlsx), pre-filled with one row per license in force during the month, approved product and territory (contract reference, SKU, product name, territory, currency) in the caller's language; the licensee types only units and amounts and imports it with /api/sales/import. Answers the file itself (text/csv with BOM, or XLSX).",
      tag: 'sales',
      input: templateInput,
      acl: members,
      raw: salesSheet,
    },
    {
      path: '/api/sales/bill',
      method: 'get',
      summary:
        "The holder's bill (?from=&to=&licensee=): per licensee, period and currency, approved sales still to invoice priced by the invoice computation itself (advance recouped first, MG shortfall at the end of the term, tax lines from Holder.config), and invoiced periods by their invoice (reference, state, amount); totals per currency. Each entry carries jpy: its total in yen at the rate recorded for the period's month (rate_micro, JPY per unit in millionths), or amount null when no rate is recorded; totals_jpy sums what could be converted and names the missing currency and month pairs (never converted 1:1). Unapproved and superseded rows never count.",
      tag: 'sales',
      input: billInput,
      acl: 'holder roles (calbee:admin, calbee:boss, calbee:<product>)',
      output: withRequired({
        entries: { type: 'array', items: billEntry },
        totals: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          description: 'Sum of the entries by currency',
        },
        totals_jpy: jpyTotal,
      }),
    },
    {
      path: '/api/sales/rates',
      method: 'get',
      summary:
        "Exchange rates recorded by the holder's finance staff (?currency=): per currency and month (YYYY-MM) the yen value of one unit in force (rate_micro, millionths of a yen), who recorded it and when, and the earlier rates it replaced; may_record says whether the caller may record one.",
      tag: 'sales',
      input: ratesInput,
      acl: 'holder roles (calbee:admin, calbee:boss, calbee:<product>)',
      output: withRequired({
        rates: { type: 'array', items: exchangeRate },
        may_record: { type: 'boolean', description: 'Whether the caller may record a rate' },
      }),
    },
    {
      path: '/api/sales/rates',
      method: 'post',
      summary:
        "Record the rate of a currency for a month (rate: yen per one unit, up to 6 decimals, greater than 0; month not in the future, Japan time). Recording again for the same month corrects it: the new rate counts from then on and the earlier one stays in the history. The holder's bill converts that month's amounts in the currency at it.",
      tag: 'sales',
      input: recordRateInput,
      acl: 'the holder’s finance approvers (cfl) or calbee:admin',
      output: exchangeRate,
    },
    {
      path: '/api/sales/totals',
      method: 'get',
      summary:
        'Running totals per license (?license= or ?licensee=, else every license the caller sees): royalties earned to date (rounded per row, half up), advance recouped and remaining, payable to date, MG progress in basis points. Rejected reports do not count.',
      tag: 'sales',
      input: totalsInput,
      acl: members,
      output: { type: 'array', items: licenseTotals },
    },
  ];
}
