// JSON Schemas of money shapes that the invoice, payment and sales routes share (integer minor units).
import { PAYMENT_METHODS } from '../../payments/input';

type Schema = Record<string, unknown>;

/** An object whose every property is always present. */
export const withRequired = (properties: Record<string, Schema>): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

/** An amount as the holder reads it in yen (lib/server/fx/jpy-view.ts JpyView). */
export const jpyView = withRequired({
  amount: { type: ['integer', 'null'], description: 'Whole yen; null when no rate is recorded for the currency and month' },
  rate_micro: {
    type: ['integer', 'null'],
    description: 'JPY per unit in millionths; null for JPY itself and for a missing rate',
  },
  month: {
    type: 'string',
    pattern: '^\\d{4}-\\d{2}$',
    examples: ['2026-10'],
    description: 'The month whose rate applies',
  },
});

/** The JPY sum of several amounts (lib/server/fx/jpy-view.ts JpyTotal). */
export const jpyTotal = withRequired({
  amount: { type: 'integer', description: 'Sum in yen of every amount that could be converted' },
  complete: { type: 'boolean', description: 'false when some amount has no recorded rate (left out of the sum)' },
  missing: {
    type: 'array',
    items: withRequired({ currency: { type: 'string' }, month: { type: 'string' } }),
    description: 'The currency and month pairs with no recorded rate',
  },
});

/**
 * A tax line: computed ones carry both labels; stored on an invoice they also carry `label` in the
 * drafter's language (older invoices only that).
 */
export const taxLine: Schema = {
  type: 'object',
  properties: {
    kind: { type: 'string', description: 'vat or withholding' },
    label: { type: 'string' },
    label_jp: { type: 'string' },
    label_en: { type: 'string' },
    rate_bp: { type: 'integer' },
    amount: { type: 'integer', description: 'Signed minor units: negative for a deduction' },
  },
  required: ['kind', 'rate_bp', 'amount'],
};

/** A payment row as stored (payments table). */
export const payment = withRequired({
  key: { type: 'string' },
  dateCreated: { type: 'string', format: 'date-time' },
  dateUpdated: { type: 'string', format: 'date-time' },
  status: { type: 'integer' },
  version: { type: 'integer' },
  reference: { type: 'string', description: 'PAY-2026-0001' },
  invoice: { type: 'string' },
  licensee: { type: 'string' },
  amount: { type: 'integer' },
  currency: { type: 'string' },
  paid_on: { type: 'string', format: 'date-time', description: 'The day the money arrived, as UTC midnight' },
  method: { type: 'string', enum: [...PAYMENT_METHODS] },
  payer_reference: { type: ['string', 'null'] },
  state: { type: 'string', enum: ['recorded', 'reversed'] },
  reversal_reason: { type: ['string', 'null'] },
  reversed_at: { type: ['string', 'null'], format: 'date-time' },
  reversed_by: { type: ['string', 'null'] },
  recorded_by: { type: 'string' },
});

/** The answer of recording or reversing a payment. */
export const paymentChange = withRequired({
  payment,
  outstanding: { type: 'integer', description: 'What is still owed on the invoice' },
  invoiceState: { type: 'string', description: "The invoice's state after the change" },
});
