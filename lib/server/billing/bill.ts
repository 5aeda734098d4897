import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { invoices, licensees } from '../db/entities-schema';
import { viewerOf } from '../entities/viewer';
import { chargeHomes, openPeriods, pendingCharges, type OpenPeriod } from '../invoices/charges';
import { computeInvoice } from '../invoices/compute-invoice';
import type { ComputedTaxLine } from '../invoices/tax';

import { convertEntries, type JpyTotal, type JpyView } from '../fx/jpy-view';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ examples: ['2026-10-01'] });
export const billInput = z
  .object({ from: day.optional(), to: day.optional(), licensee: z.string().min(1).max(64).optional() })
  .strict();

export interface BillEntry {
  licensee: string;
  licensee_name: string;
  period_start: string;
  period_end: string;
  currency: string;
  /** to_invoice: approved rows not yet invoiced (what the invoice would say); invoiced: the invoice's own figures. */
  status: 'to_invoice' | 'invoiced';
  invoice_reference: string | null;
  invoice_state: string | null;
  royalty: number;
  recouped: number;
  mg_shortfall: number;
  /** Advances billed on activation with this period. */
  advance_billed: number;
  subtotal: number;
  tax_lines: ComputedTaxLine[] | { kind: string; label: string; rate_bp: number; amount: number }[];
  total: number;
  /** The total in JPY at the rate recorded for the period's month; null rate_micro when none is. */
  jpy: JpyView;
}

/**
 * The holder's bill (holder/sales 請求集計): per licensee, month and currency, what is owed. Rows
 * still to invoice are priced by computeInvoice, the very computation that makes the invoice
 * preview and the invoice (approved rows only, advance recouped first, MG shortfall at the end of
 * the term, tax lines from Holder.config); invoiced months show their invoice's stored figures.
 * One truth: the bill cannot disagree with the invoice it becomes.
 */
export async function holderBill(
  db: Db,
  caller: Caller,
  query: unknown,
): Promise<{ entries: BillEntry[]; totals: Record<string, number>; totals_jpy: JpyTotal }> {
  const viewer = await viewerOf(db, caller);
  if (!viewer.holder) throw new AppError('forbidden', 'holder roles only');
  const q = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(
      ([k, v]) => ['from', 'to', 'licensee'].includes(k) && typeof v === 'string',
    ),
  );
  const input = validateInput(billInput, q, caller.lang);
  const from = input.from ? new Date(`${input.from}T00:00:00.000Z`) : undefined;
  const to = input.to ? new Date(`${input.to}T00:00:00.000Z`) : undefined;
  // Periods still to invoice, and the month of its own for each charge no such period bills.
  const open = await openPeriods(db, { licensee: input.licensee });
  const homes = chargeHomes(await pendingCharges(db, { licensee: input.licensee }), open);
  const groups = [...open];
  for (const home of homes.values()) {
    const same = (g: OpenPeriod) =>
      g.licensee === home.licensee && g.currency === home.currency && g.period_start.getTime() === home.period_start.getTime();
    if (!groups.some(same)) groups.push(home);
  }
  const inRange = groups
    .filter((g) => (!from || g.period_start >= from) && (!to || g.period_start <= to))
    .sort((a, b) => a.licensee.localeCompare(b.licensee) || a.period_start.getTime() - b.period_start.getTime());
  const names = new Map(
    (await db.select({ key: licensees.key, name: licensees.name }).from(licensees)).map((l) => [l.key, l.name]),
  );
  const entries: Omit<BillEntry, 'jpy'>[] = [];
  for (const g of inRange) {
    const c = await computeInvoice(
      db,
      { licensee: g.licensee, period_start: g.period_start, period_end: g.period_end, currency: g.currency },
      caller.lang,
    );
    entries.push({
      licensee: g.licensee,
      licensee_name: c.licensee_name,
      period_start: g.period_start.toISOString(),
      period_end: g.period_end.toISOString(),
      currency: g.currency,
      status: 'to_invoice',
      invoice_reference: null,
      invoice_state: null,
      royalty: c.lines.reduce((s, l) => s + l.royalty, 0),
      recouped: c.lines.reduce((s, l) => s + l.recouped, 0),
      mg_shortfall: c.lines.reduce((s, l) => s + l.mg_shortfall, 0),
      advance_billed: c.lines.reduce((s, l) => s + l.advance_billed, 0),
      subtotal: c.subtotal,
      tax_lines: c.tax_lines,
      total: c.total,
    });
  }
  const issued = await db
    .select()
    .from(invoices)
    .where(
      and(
        ne(invoices.state, 'rejected'),
        input.licensee ? eq(invoices.licensee, input.licensee) : undefined,
        from ? gte(invoices.period_start, from) : undefined,
        to ? lte(invoices.period_start, to) : undefined,
      ),
    )
    .orderBy(asc(invoices.licensee), asc(invoices.period_start), sql`${invoices.reference}`);
  for (const inv of issued) {
    const tax = inv.tax_lines.reduce((s, l) => s + l.amount, 0);
    entries.push({
      licensee: inv.licensee,
      licensee_name: names.get(inv.licensee) ?? '',
      period_start: inv.period_start.toISOString(),
      period_end: inv.period_end.toISOString(),
      currency: inv.currency,
      status: 'invoiced',
      invoice_reference: inv.reference,
      invoice_state: inv.state,
      royalty: 0,
      recouped: 0,
      mg_shortfall: 0,
      advance_billed: 0,
      subtotal: inv.amount - tax,
      tax_lines: inv.tax_lines,
      total: inv.amount,
    });
  }
  entries.sort((a, b) =>
    a.licensee_name === b.licensee_name
      ? a.period_start.localeCompare(b.period_start)
      : a.licensee_name.localeCompare(b.licensee_name),
  );
  const totals: Record<string, number> = {};
  for (const e of entries) totals[e.currency] = (totals[e.currency] ?? 0) + e.total;
  const converted = await convertEntries(db, entries);
  return { entries: converted.entries, totals, totals_jpy: converted.total };
}
