import { and, asc, eq, gte, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Lang } from '../../validation/messages';
import { fieldError } from '../common/field-error';
import type { DbOrTx } from '../common/tx';
import { ips, licensees, licenses, sales } from '../db/entities-schema';
import { findDefaultHolder } from '../holder/default-holder';
import { recoupBilled } from '../royalty/recoupment';
import { billedSoFar } from './invoice-breakdown';
import type { InvoiceDraftInput } from './invoice-input';
import { chargeHomes, chargeId, openPeriods, pendingCharges, type InvoiceCharge, type PendingCharge } from './charges';
import { computeTax, dueDaysOf, taxRulesFor, type ComputedTaxLine } from './tax';

const DAY_MS = 86_400_000;

/** What one license contributes to an invoice. Money in integer minor units. */
export interface InvoiceLine {
  license: string;
  /** The license's reference (LIC-2026-0042): what the line is known by on paper. */
  license_reference?: string;
  ip: string;
  ip_name: string;
  rows: number;
  net_sales: number;
  /** Royalties of this invoice's rows (earned this period). */
  royalty: number;
  /** Royalties of the license's earlier approved or invoiced rows. */
  earned_before: number;
  /** The part of this period's royalties the advance already covered. */
  recouped: number;
  advance_remaining: number;
  /**
   * The part of this period's royalties an MG shortfall billed earlier already paid for (a late
   * report in a term whose shortfall was billed): counted in `recouped`, never billed twice.
   */
  shortfall_netted?: number;
  /** MG true-up due because the license's term ended by this period's end (billed once). */
  mg_shortfall: number;
  /** The advance, billed once the license is active (once). */
  advance_billed: number;
  /** payable royalties + mg_shortfall + advance_billed. */
  due: number;
}

export interface InvoiceComputation {
  licensee: string;
  licensee_name: string;
  holder_name: string;
  period_start: Date;
  period_end: Date;
  currency: string;
  lines: InvoiceLine[];
  subtotal: number;
  tax_lines: ComputedTaxLine[];
  total: number;
  due_date: Date;
  /** Keys of the sales rows the invoice takes. */
  sales: string[];
  /** Their royalty reports. */
  reports: string[];
  /** Advances and MG shortfalls this invoice bills (recorded on it so none is billed twice). */
  charges: InvoiceCharge[];
}

const messages = {
  noSales: {
    jp: 'この期間に請求できるもの（承認済みで未請求の売上、アドバンス、MG不足額）がありません。',
    en: 'There is nothing to bill in this period: no approved sales not yet invoiced, no advance and no minimum-guarantee shortfall.',
  },
  order: { jp: '終了日は開始日以降にしてください。', en: 'The end date must not be before the start date.' },
  currencies: (list: string[]) => ({
    jp: `この期間の売上には複数の通貨（${list.join('、')}）があります。通貨を選んでください（請求書は通貨ごとに作成します）。`,
    en: `The sales of this period are in several currencies (${list.join(', ')}). Choose one: each invoice has one currency.`,
  }),
  orgMissing: { jp: 'ライセンシーが見つかりません。', en: 'Licensee not found.' },
};

/**
 * The invoice an organisation's approved, not yet invoiced sales of a period make: per license,
 * this period's royalties less the advance they recoup (recoup()), the advance itself once the
 * license is active and the MG shortfall once its term has ended (each billed once, see
 * ./charges: a charge is billed by the period chargeHomes gives it), then tax lines on the
 * subtotal. Reads only; `lock` takes the rows and the licenses FOR UPDATE inside a transaction so
 * two drafts cannot take the same rows or charges.
 */
export async function computeInvoice(
  db: DbOrTx,
  input: InvoiceDraftInput,
  lang: Lang,
  options: { lock?: boolean; now?: Date } = {},
): Promise<InvoiceComputation> {
  const { licensee, period_start: start, period_end: end } = input;
  if (end.getTime() < start.getTime()) throw fieldError(lang, { period_end: { message: messages.order } });
  const [org] = await db.select({ name: licensees.name }).from(licensees).where(eq(licensees.key, licensee)).limit(1);
  if (!org) throw fieldError(lang, { licensee: { message: messages.orgMissing } });
  // Rows lying inside the period; its end date counts whole.
  const endExclusive = new Date(end.getTime() + DAY_MS);
  const base = db
    .select({
      key: sales.key,
      license: sales.license,
      currency: sales.currency,
      net_sales: sales.net_sales,
      royalty: sales.royalty,
      report: sales.report,
    })
    .from(sales)
    .where(
      and(
        eq(sales.licensee, licensee),
        eq(sales.state, 'approved'),
        gte(sales.period_start, start),
        lt(sales.period_end, endExclusive),
      ),
    )
    .orderBy(asc(sales.license), asc(sales.key));
  const all = options.lock ? await base.for('update') : await base;
  const pending = await pendingCharges(db, { licensee }, options.now, options.lock);
  const homes = chargeHomes(pending, await openPeriods(db, { licensee }));
  // The charges this period bills: those whose home period starts inside it.
  const billing = new Map<string, PendingCharge>();
  for (const c of pending) {
    const home = homes.get(c.id)!;
    if (home.period_start.getTime() >= start.getTime() && home.period_start.getTime() < endExclusive.getTime())
      billing.set(c.id, c);
  }
  const rowLicenses = new Set(all.map((r) => r.license));
  const standalone = [...billing.values()].filter((c) => !rowLicenses.has(c.license));
  const currencies = [...new Set([...all.map((r) => r.currency), ...standalone.map((c) => c.currency)])].sort();
  if (currencies.length === 0 || (input.currency && !currencies.includes(input.currency))) {
    throw fieldError(lang, { period_start: { message: messages.noSales } });
  }
  if (!input.currency && currencies.length > 1)
    throw fieldError(lang, { currency: { message: messages.currencies(currencies) } });
  const currency = input.currency ?? currencies[0]!;
  const rows = all.filter((r) => r.currency === currency);
  const rowKeys = rows.map((r) => r.key);

  const licenseKeys = [...new Set(rows.map((r) => r.license))];
  const licenseRows = licenseKeys.length
    ? await db
        .select({
          key: licenses.key,
          reference: licenses.reference,
          ip: licenses.ip,
          term_end: licenses.term_end,
          advance: licenses.advance,
          minimum_guarantee: licenses.minimum_guarantee,
          ip_name: ips.name,
        })
        .from(licenses)
        .leftJoin(ips, eq(ips.key, licenses.ip))
        .where(inArray(licenses.key, licenseKeys))
    : [];
  // Royalties earlier bills account for: rows already invoiced (whatever their period: a late
  // report's period may precede them) and approved rows of earlier periods (billed first).
  const before = licenseKeys.length
    ? await db
        .select({ license: sales.license, earned: sql<string>`coalesce(sum(${sales.royalty}), 0)` })
        .from(sales)
        .where(
          and(
            inArray(sales.license, licenseKeys),
            or(eq(sales.state, 'invoiced'), and(eq(sales.state, 'approved'), lt(sales.period_start, start))),
            rowKeys.length ? notInArray(sales.key, rowKeys) : undefined,
          ),
        )
        .groupBy(sales.license)
    : [];
  const billedBefore = await billedSoFar(db, licensee, licenseKeys);
  const earnedBefore = new Map(before.map((b) => [b.license, Number(b.earned)]));
  const charges: InvoiceCharge[] = [];

  const lines: InvoiceLine[] = licenseKeys.map((licenseKey) => {
    const license = licenseRows.find((l) => l.key === licenseKey);
    const mine = rows.filter((r) => r.license === licenseKey);
    const royalty = mine.reduce((s, r) => s + r.royalty, 0);
    const netSales = mine.reduce((s, r) => s + r.net_sales, 0);
    const earned = earnedBefore.get(licenseKey) ?? 0;
    const billed = billedBefore.get(licenseKey) ?? { payable: 0, shortfall: 0 };
    const r = recoupBilled({
      advance: license?.advance ?? 0,
      minimumGuarantee: license?.minimum_guarantee ?? 0,
      earnedBefore: earned,
      earnedNow: royalty,
      // The MG is settled once, by the first invoice reaching the end of the term.
      finalPeriod: billing.has(chargeId(licenseKey, 'mg_shortfall')),
      billedPayable: billed.payable,
      billedShortfall: billed.shortfall,
    });
    const advanceBilled = billing.get(chargeId(licenseKey, 'advance'))?.amount ?? 0;
    if (advanceBilled > 0) charges.push({ license: licenseKey, kind: 'advance', amount: advanceBilled });
    if (r.mgShortfall > 0) charges.push({ license: licenseKey, kind: 'mg_shortfall', amount: r.mgShortfall });
    return {
      license: licenseKey,
      license_reference: license?.reference ?? '',
      ip: license?.ip ?? '',
      ip_name: license?.ip_name ?? '',
      rows: mine.length,
      net_sales: netSales,
      royalty,
      earned_before: earned,
      recouped: r.recoupedNow,
      shortfall_netted: r.shortfallNetted,
      advance_remaining: r.advanceRemaining,
      mg_shortfall: r.mgShortfall,
      advance_billed: advanceBilled,
      due: r.due + advanceBilled,
    };
  });
  // Licenses with no rows in the period whose charges it bills: a line each, with no royalties.
  const byLicense = new Map<string, PendingCharge[]>();
  for (const c of standalone.filter((c) => c.currency === currency))
    byLicense.set(c.license, [...(byLicense.get(c.license) ?? []), c]);
  for (const [key, list] of byLicense) {
    const l = list[0]!.for;
    const advance = list.find((c) => c.kind === 'advance')?.amount ?? 0;
    const shortfall = list.find((c) => c.kind === 'mg_shortfall')?.amount ?? 0;
    if (advance > 0) charges.push({ license: key, kind: 'advance', amount: advance });
    if (shortfall > 0) charges.push({ license: key, kind: 'mg_shortfall', amount: shortfall });
    lines.push({
      license: key,
      license_reference: l.reference,
      ip: l.ip,
      ip_name: l.ip_name ?? '',
      rows: 0,
      net_sales: 0,
      royalty: 0,
      earned_before: 0,
      recouped: 0,
      advance_remaining: 0,
      mg_shortfall: shortfall,
      advance_billed: advance,
      due: shortfall + advance,
    });
  }
  const holder = await findDefaultHolder(db);
  const config = holder?.config ?? {};
  const subtotal = lines.reduce((s, l) => s + l.due, 0);
  const tax = computeTax(subtotal, taxRulesFor(config, currency));
  return {
    licensee,
    licensee_name: org.name,
    holder_name: holder?.name ?? '',
    period_start: start,
    period_end: end,
    currency,
    lines,
    subtotal,
    tax_lines: tax.lines,
    total: tax.total,
    due_date: new Date(end.getTime() + dueDaysOf(config) * DAY_MS),
    sales: rowKeys,
    reports: [...new Set(rows.map((r) => r.report).filter((r): r is string => !!r))],
    charges,
  };
}
