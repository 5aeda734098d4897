import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import type { DbOrTx } from '../common/tx';
import { invoices, licensees, licenses } from '../db/entities-schema';
import { logWorkflow } from '../db/schema';
import { findDefaultHolder } from '../holder/default-holder';
import type { InvoiceComputation, InvoiceLine } from './compute-invoice';
import { assertInvoiceAccess, invoiceAccessOf } from './invoice-access';
import type { InvoiceCharge } from './charges';
import type { ComputedTaxLine } from './tax';

/** The per-license figures of an invoice as JSON (dates as ISO strings), as stored and answered. */
export interface InvoiceBreakdown {
  licensee: string;
  licensee_name: string;
  holder_name: string;
  period_start: string;
  period_end: string;
  currency: string;
  lines: InvoiceLine[];
  subtotal: number;
  tax_lines: ComputedTaxLine[];
  total: number;
  due_date: string;
  sales: string[];
  /** Advances and MG shortfalls billed (absent from breakdowns drafted before charges were recorded). */
  charges?: InvoiceCharge[];
}

export function serializeComputation(c: InvoiceComputation): InvoiceBreakdown {
  return {
    licensee: c.licensee,
    licensee_name: c.licensee_name,
    holder_name: c.holder_name,
    period_start: c.period_start.toISOString(),
    period_end: c.period_end.toISOString(),
    currency: c.currency,
    lines: c.lines,
    subtotal: c.subtotal,
    tax_lines: c.tax_lines,
    total: c.total,
    due_date: c.due_date.toISOString(),
    sales: c.sales,
    charges: c.charges,
  };
}

export type InvoiceRecord = typeof invoices.$inferSelect;

/** Breakdowns written before licenses had references name their lines by the reference read now. */
async function withLicenseReferences(db: Db, breakdown: InvoiceBreakdown): Promise<InvoiceBreakdown> {
  const missing = breakdown.lines.filter((l) => !l.license_reference).map((l) => l.license);
  if (missing.length === 0) return breakdown;
  const found = await db
    .select({ key: licenses.key, reference: licenses.reference })
    .from(licenses)
    .where(inArray(licenses.key, missing));
  const byKey = new Map(found.map((l) => [l.key, l.reference]));
  return {
    ...breakdown,
    lines: breakdown.lines.map((l) => ({ ...l, license_reference: l.license_reference || byKey.get(l.license) || '' })),
  };
}

/**
 * The license lines each invoice was drafted with (from its breakdown, references filled in), by
 * invoice key; an invoice made some other way has none and is absent.
 */
export async function storedLines(db: DbOrTx, invoiceKeys: string[]): Promise<Map<string, InvoiceLine[]>> {
  const out = new Map<string, InvoiceLine[]>();
  if (invoiceKeys.length === 0) return out;
  const logs = await db
    .select({ key: logWorkflow.key, data: logWorkflow.data })
    .from(logWorkflow)
    .where(and(inArray(logWorkflow.key, invoiceKeys), eq(logWorkflow.ref, 'invoice'), eq(logWorkflow.action, 'create')))
    .orderBy(logWorkflow.time);
  for (const log of logs) {
    const lines = (log.data as { breakdown?: InvoiceBreakdown } | undefined)?.breakdown?.lines;
    // The latest create entry wins, as on the invoice's own page.
    if (lines && log.key) out.set(log.key, lines);
  }
  const missing = [
    ...new Set(
      [...out.values()]
        .flat()
        .filter((l) => !l.license_reference)
        .map((l) => l.license),
    ),
  ];
  if (missing.length > 0) {
    const found = await db
      .select({ key: licenses.key, reference: licenses.reference })
      .from(licenses)
      .where(inArray(licenses.key, missing));
    const byKey = new Map(found.map((l) => [l.key, l.reference]));
    for (const [key, lines] of out)
      out.set(
        key,
        lines.map((l) => ({ ...l, license_reference: l.license_reference || byKey.get(l.license) || '' })),
      );
  }
  return out;
}

/**
 * What invoices not rejected have billed each license so far: royalties payable (a line's due less
 * the advance and MG shortfall it bills) and MG shortfall (from the charges each invoice records).
 */
export async function billedSoFar(
  db: DbOrTx,
  licensee: string,
  licenseKeys: string[],
): Promise<Map<string, { payable: number; shortfall: number }>> {
  const out = new Map<string, { payable: number; shortfall: number }>();
  if (licenseKeys.length === 0) return out;
  const wanted = new Set(licenseKeys);
  const issued = await db
    .select({ key: invoices.key, charges: invoices.charges })
    .from(invoices)
    .where(and(eq(invoices.licensee, licensee), ne(invoices.state, 'rejected')));
  const entry = (license: string) => {
    const e = out.get(license) ?? { payable: 0, shortfall: 0 };
    out.set(license, e);
    return e;
  };
  for (const invoice of issued)
    for (const c of invoice.charges)
      if (c.kind === 'mg_shortfall' && wanted.has(c.license)) entry(c.license).shortfall += c.amount;
  const lines = await storedLines(
    db,
    issued.map((i) => i.key),
  );
  for (const list of lines.values())
    for (const l of list)
      if (wanted.has(l.license)) entry(l.license).payable += Math.max(0, l.due - (l.advance_billed ?? 0) - l.mg_shortfall);
  return out;
}

/**
 * An invoice with the breakdown written when it was drafted. An invoice made some other way (by
 * an administrator through the entity API) has no lines: its totals come from the record alone.
 */
export async function getInvoiceDetails(
  db: Db,
  caller: Caller,
  id: unknown,
): Promise<{ invoice: InvoiceRecord; breakdown: InvoiceBreakdown }> {
  if (typeof id !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(id)) throw new AppError('not_found', 'invoice not found');
  const [invoice] = await db.select().from(invoices).where(eq(invoices.key, id)).limit(1);
  if (!invoice) throw new AppError('not_found', 'invoice not found');
  assertInvoiceAccess(await invoiceAccessOf(db, caller), invoice.licensee);
  const [log] = await db
    .select({ data: logWorkflow.data })
    .from(logWorkflow)
    .where(and(eq(logWorkflow.key, id), eq(logWorkflow.ref, 'invoice'), eq(logWorkflow.action, 'create')))
    .orderBy(desc(logWorkflow.time))
    .limit(1);
  const stored = (log?.data as { breakdown?: InvoiceBreakdown } | undefined)?.breakdown;
  if (stored) {
    const lines = stored.lines.map((l) => ({ ...l, advance_billed: l.advance_billed ?? 0 }));
    return { invoice, breakdown: await withLicenseReferences(db, { ...stored, lines }) };
  }
  const [org] = await db.select({ name: licensees.name }).from(licensees).where(eq(licensees.key, invoice.licensee)).limit(1);
  const holder = await findDefaultHolder(db);
  const taxTotal = invoice.tax_lines.reduce((s, l) => s + l.amount, 0);
  return {
    invoice,
    breakdown: {
      licensee: invoice.licensee,
      licensee_name: org?.name ?? '',
      holder_name: holder?.name ?? '',
      period_start: invoice.period_start.toISOString(),
      period_end: invoice.period_end.toISOString(),
      currency: invoice.currency,
      lines: [],
      subtotal: invoice.amount - taxTotal,
      tax_lines: invoice.tax_lines.map((l) => ({
        kind: l.kind === 'withholding' ? 'withholding' : 'vat',
        label_jp: l.label,
        label_en: l.label,
        rate_bp: l.rate_bp,
        amount: l.amount,
      })),
      total: invoice.amount,
      due_date: (invoice.due_date ?? invoice.period_end).toISOString(),
      sales: invoice.sales,
    },
  };
}
