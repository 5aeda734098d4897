import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { invoices } from '../db/entities-schema';
import { convertEntries, type JpyView } from '../fx/jpy-view';
import { invoiceAccessOf } from './invoice-access';

/** GET /api/invoice/jpy?keys=k1,k2: the invoices a list page shows (at most 100 at a time). */
export const invoiceJpyInput = z
  .object({
    keys: z
      .string()
      .min(1)
      .max(100 * 65)
      .regex(/^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$/)
      .meta({ examples: ['k1,k2'] }),
  })
  .strict();

export interface InvoiceJpy {
  invoice: string;
  currency: string;
  amount: number;
  /** The amount in yen at the rate recorded for the month the invoice's period starts in, or null with no rate. */
  jpy: JpyView;
}

/**
 * Each invoice's amount in yen, converted exactly as the holder's bill converts it (one helper:
 * convertEntries): at the rate recorded for the month its period starts in, the rate given with it;
 * a currency with no rate recorded for that month gets no yen amount, never 1:1. Invoices the caller
 * may not see are left out, as if they did not exist.
 */
export async function invoicesInJpy(db: Db, caller: Caller, query: unknown): Promise<{ invoices: InvoiceJpy[] }> {
  const q = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([k, v]) => k === 'keys' && typeof v === 'string'),
  );
  const input = validateInput(invoiceJpyInput, q, caller.lang);
  const keys = [...new Set(input.keys.split(','))].slice(0, 100);
  const access = await invoiceAccessOf(db, caller);
  const rows = await db
    .select({
      key: invoices.key,
      licensee: invoices.licensee,
      currency: invoices.currency,
      amount: invoices.amount,
      period_start: invoices.period_start,
    })
    .from(invoices)
    .where(inArray(invoices.key, keys));
  const visible = rows.filter((r) => access.holder || access.licensees.includes(r.licensee));
  const { entries } = await convertEntries(
    db,
    visible.map((r) => ({
      invoice: r.key,
      currency: r.currency,
      amount: r.amount,
      period_start: r.period_start,
      total: r.amount,
    })),
  );
  return {
    invoices: entries.map((e) => ({ invoice: e.invoice, currency: e.currency, amount: e.amount, jpy: e.jpy })),
  };
}
