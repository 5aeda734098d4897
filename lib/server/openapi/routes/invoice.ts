import { invoiceDraftInput } from '../../invoices/invoice-input';
import { invoiceJpyInput } from '../../invoices/invoice-jpy';
import { balancesInput, recordPaymentInput, reversePaymentInput } from '../../payments/input';
import type { RouteDoc } from '../route-docs';
import { jpyView, paymentChange, withRequired } from './billing-schemas';
import { pdfFile } from '../outputs/files';

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
          license_reference: { type: 'string', description: "The license's reference (LIC-2026-0042)" },
          ip: { type: 'string' },
          ip_name: { type: 'string' },
          rows: { type: 'integer' },
          net_sales: { type: 'integer' },
          royalty: { type: 'integer' },
          earned_before: { type: 'integer' },
          recouped: { type: 'integer' },
          shortfall_netted: {
            type: 'integer',
            description:
              'Of recouped: the royalties of a late report that an MG shortfall billed earlier already paid for (not billed twice)',
          },
          advance_remaining: { type: 'integer' },
          mg_shortfall: {
            type: 'integer',
            description: 'MG shortfall billed once, with the period that reaches the end of the term',
          },
          advance_billed: { type: 'integer', description: 'The advance, billed once after the license became active' },
          due: { type: 'integer', description: 'payable royalties + mg_shortfall + advance_billed' },
        },
        // shortfall_netted and license_reference are absent from breakdowns stored before they existed.
        required: [
          'license',
          'ip',
          'ip_name',
          'rows',
          'net_sales',
          'royalty',
          'earned_before',
          'recouped',
          'advance_remaining',
          'mg_shortfall',
          'advance_billed',
          'due',
        ],
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
        required: ['kind', 'label_jp', 'label_en', 'rate_bp', 'amount'],
      },
    },
    total: { type: 'integer' },
    due_date: { type: 'string', format: 'date-time' },
    sales: { type: 'array', items: { type: 'string' } },
    charges: {
      type: 'array',
      description: 'Advances and MG shortfalls this invoice bills, each once per license',
      items: {
        type: 'object',
        properties: {
          license: { type: 'string' },
          kind: { type: 'string', enum: ['advance', 'mg_shortfall'] },
          amount: { type: 'integer' },
        },
        required: ['license', 'kind', 'amount'],
      },
    },
  },
  required: [
    'licensee',
    'licensee_name',
    'holder_name',
    'period_start',
    'period_end',
    'currency',
    'lines',
    'subtotal',
    'tax_lines',
    'total',
    'due_date',
    'sales',
  ],
};

/** What an approved or paid invoice is owed (lib/server/payments/balances.ts). */
const invoiceBalance = withRequired({
  invoice: { type: 'string' },
  reference: { type: 'string' },
  licensee: { type: 'string' },
  licensee_name: { type: 'string' },
  currency: { type: 'string' },
  amount: { type: 'integer' },
  paid: { type: 'integer', description: 'Payments not reversed' },
  outstanding: { type: 'integer' },
  due_date: { type: ['string', 'null'], format: 'date' },
  overdue_days: { type: 'integer', description: 'Days past the due day (Japan time) while money is owed; 0 otherwise' },
  state: { type: 'string', enum: ['approved', 'paid'] },
  lines: {
    type: 'array',
    description: "Per license line; they add up exactly to the invoice's. An invoice without lines has one with no license",
    items: withRequired({
      license: { type: ['string', 'null'] },
      license_reference: { type: 'string' },
      ip_name: { type: 'string' },
      amount: { type: 'integer' },
      paid: { type: 'integer' },
      outstanding: { type: 'integer' },
    }),
  },
  payments: {
    type: 'array',
    items: withRequired({
      key: { type: 'string' },
      reference: { type: 'string' },
      amount: { type: 'integer' },
      paid_on: { type: 'string', format: 'date' },
      method: { type: 'string' },
      payer_reference: { type: ['string', 'null'] },
      state: { type: 'string', enum: ['recorded', 'reversed'] },
      reversal_reason: { type: ['string', 'null'] },
    }),
  },
});

const overdue = {
  outstanding: { type: 'integer' },
  overdue: { type: 'integer' },
  oldest_overdue_days: { type: 'integer' },
};

const licenseeBalance = withRequired({
  licensee: { type: 'string' },
  licensee_name: { type: 'string' },
  currency: { type: 'string' },
  ...overdue,
  licenses: {
    type: 'array',
    description: "Their outstanding and overdue add up exactly to the licensee's",
    items: withRequired({
      license: { type: ['string', 'null'] },
      license_reference: { type: 'string' },
      ip_name: { type: 'string' },
      ...overdue,
    }),
  },
});

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
      output: withRequired({ invoice: { $ref: '#/components/schemas/Invoice' }, breakdown }),
    },
    {
      path: '/api/invoice/{id}',
      method: 'get',
      summary: 'An invoice with its per-license breakdown',
      tag: 'invoice',
      acl: members,
      output: withRequired({ invoice: { $ref: '#/components/schemas/Invoice' }, breakdown }),
    },
    {
      path: '/api/invoice/{id}/pdf',
      method: 'get',
      summary: 'The invoice as a PDF (application/pdf; ?lang=jp|en, default the caller’s language; Japanese font embedded)',
      tag: 'invoice',
      acl: members,
      raw: pdfFile,
    },
    {
      path: '/api/invoice/{id}/payments',
      method: 'post',
      summary:
        'Record money received against an approved invoice, partial or whole (amount in major units, paid_on YYYY-MM-DD not in the future, method, payer reference). The payment draws a PAY- reference; more than the balance is refused (status 5); the invoice becomes paid when nothing is left owing. Answers the payment, the balance left and the invoice state.',
      tag: 'invoice',
      input: recordPaymentInput,
      acl: 'the holder’s finance approvers (cfl) or calbee:admin',
      output: paymentChange,
    },
    {
      path: '/api/payment/{id}/reverse',
      method: 'post',
      summary:
        'Reverse a payment recorded by mistake, with a reason: it stays in the history marked reversed (who, when, why); a paid invoice owing again goes back to approved. A reversed payment cannot be reversed again (409).',
      tag: 'invoice',
      input: reversePaymentInput,
      acl: 'the holder’s finance approvers (cfl) or calbee:admin',
      output: paymentChange,
    },
    {
      path: '/api/invoice/jpy',
      method: 'get',
      summary:
        'Invoices in yen, as the holder’s bill converts them: for each key (comma-separated, at most 100) the amount in its currency and in JPY at the rate recorded for the month its period starts in, with the rate (JPY per unit, in millionths); amount and rate are null when no rate is recorded (never 1:1). Invoices the caller may not see are left out.',
      tag: 'invoice',
      input: invoiceJpyInput,
      acl: members,
      output: withRequired({
        invoices: {
          type: 'array',
          items: withRequired({
            invoice: { type: 'string' },
            currency: { type: 'string' },
            amount: { type: 'integer' },
            jpy: jpyView,
          }),
        },
      }),
    },
    {
      path: '/api/invoice/balances',
      method: 'get',
      summary:
        'What is owed: per approved or paid invoice its amount, payments (reversed ones marked), balance and days overdue (Japan time); its amount, payments and balance per license line, and per licensee and currency the balance, the overdue part and the age of the oldest overdue invoice, with the same per license (payments split over an invoice’s license lines in proportion to what each bills, by largest remainder in the smallest currency unit, so the licenses add up exactly to the licensee). ?licensee= narrows to one organisation.',
      tag: 'invoice',
      input: balancesInput,
      acl: members,
      output: withRequired({
        invoices: { type: 'array', items: invoiceBalance },
        licensees: { type: 'array', items: licenseeBalance },
        may_record: { type: 'boolean', description: 'Whether the caller may record payments' },
      }),
    },
  ];
}
