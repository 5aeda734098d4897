import { invoiceDraftInput } from '../../invoices/invoice-input';
import type { RouteDoc } from '../route-docs';

const members = 'calbee:*:licensee:<organisation> (owner, admin, staff), or calbee:admin, calbee:boss, calbee:<product>';

const breakdown = {
  type: 'object',
  properties: {
    licensee: { type: 'string' },
    licensee_name: { type: 'string' },
    holder_name: { type: 'string' },
    period_start: { type: 'string', format: 'date-time' },
    period_end: { type: 'string', format: 'date-time' },
    currency: { type: 'string' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          license: { type: 'string' },
          ip: { type: 'string' },
          ip_name: { type: 'string' },
          rows: { type: 'integer' },
          net_sales: { type: 'integer' },
          royalty: { type: 'integer' },
          earned_before: { type: 'integer' },
          recouped: { type: 'integer' },
          advance_remaining: { type: 'integer' },
          mg_shortfall: { type: 'integer' },
          due: { type: 'integer' },
        },
      },
    },
    subtotal: { type: 'integer' },
    tax_lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['vat', 'withholding'] },
          label_jp: { type: 'string' },
          label_en: { type: 'string' },
          rate_bp: { type: 'integer' },
          amount: { type: 'integer' },
        },
      },
    },
    total: { type: 'integer' },
    due_date: { type: 'string', format: 'date-time' },
    sales: { type: 'array', items: { type: 'string' } },
  },
};

/** Invoices built from approved sales (DESIGN §6 invoice flow); money in integer minor units. */
export function invoiceRoutes(): RouteDoc[] {
  return [
    {
      path: '/api/invoice/preview',
      method: 'post',
      summary: "The breakdown a draft invoice would have from the organisation's approved sales of a period (nothing written)",
      tag: 'invoice',
      input: invoiceDraftInput,
      acl: members,
      output: breakdown,
    },
    {
      path: '/api/invoice/draft',
      method: 'post',
      summary:
        'Draft an invoice from the approved, not yet invoiced sales of a period: per-license recoupment, tax lines, due date; the rows and their reports become invoiced',
      tag: 'invoice',
      input: invoiceDraftInput,
      acl: members,
      output: { type: 'object', properties: { invoice: { $ref: '#/components/schemas/Invoice' }, breakdown } },
    },
    {
      path: '/api/invoice/{id}',
      method: 'get',
      summary: 'An invoice with its per-license breakdown',
      tag: 'invoice',
      acl: members,
      output: { type: 'object', properties: { invoice: { $ref: '#/components/schemas/Invoice' }, breakdown } },
    },
    {
      path: '/api/invoice/{id}/pdf',
      method: 'get',
      summary: 'The invoice as a PDF (application/pdf; ?lang=jp|en, default the caller’s language; Japanese font embedded)',
      tag: 'invoice',
      acl: members,
    },
  ];
}
