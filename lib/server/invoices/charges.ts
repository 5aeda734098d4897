import { and, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../common/tx';
import { invoices, ips, licenses, sales } from '../db/entities-schema';
import { logWorkflow } from '../db/schema';

/**
 * Amounts a license owes that no sales row carries, each billed exactly once:
 * - `advance`: the advance, due when the license becomes active (its countersignature);
 * - `mg_shortfall`: at the end of the term, what the royalties earned (and the advance) fall short
 *   of the minimum guarantee.
 * An invoice records the charges it bills in `invoices.charges`; a rejected invoice frees them.
 */
export type ChargeKind = 'advance' | 'mg_shortfall';

export interface InvoiceCharge {
  license: string;
  kind: ChargeKind;
  amount: number;
}

export interface LicenseForCharges {
  key: string;
  reference: string;
  ip: string;
  ip_name: string | null;
  licensee: string;
  currency: string;
  term_end: Date;
  advance: number;
  minimum_guarantee: number;
  /** When the license became active (its countersignature), else the start of its term. */
  activated_at: Date;
}

/** States in which a license has been activated: its advance is owed. */
const ACTIVATED = ['active', 'expired', 'terminated'];

export const chargeId = (license: string, kind: ChargeKind) => `${kind}:${license}`;

/**
 * An organisation's activated licenses in a currency that carry an advance or a minimum guarantee;
 * `lock` takes them FOR UPDATE so two drafts cannot bill the same charge.
 */
export async function licensesWithCharges(
  db: DbOrTx,
  by: { licensee?: string; currency?: string; licenses?: string[] },
  lock = false,
): Promise<LicenseForCharges[]> {
  const base = db
    .select({
      key: licenses.key,
      reference: licenses.reference,
      ip: licenses.ip,
      licensee: licenses.licensee,
      currency: licenses.currency,
      term_start: licenses.term_start,
      term_end: licenses.term_end,
      advance: licenses.advance,
      minimum_guarantee: licenses.minimum_guarantee,
    })
    .from(licenses)
    .where(
      and(
        inArray(licenses.state, ACTIVATED),
        sql`(${licenses.advance} > 0 or ${licenses.minimum_guarantee} > 0)`,
        by.licensee ? eq(licenses.licensee, by.licensee) : undefined,
        by.currency ? eq(licenses.currency, by.currency) : undefined,
        by.licenses ? inArray(licenses.key, by.licenses) : undefined,
      ),
    )
    .orderBy(licenses.key);
  const rows = lock ? await base.for('update') : await base;
  if (rows.length === 0) return [];
  const keys = rows.map((r) => r.key);
  const names = await db
    .select({ key: ips.key, name: ips.name })
    .from(ips)
    .where(
      inArray(
        ips.key,
        rows.map((r) => r.ip),
      ),
    );
  const activations = await db
    .select({ key: logWorkflow.key, at: sql<string>`min(${logWorkflow.time})` })
    .from(logWorkflow)
    .where(and(eq(logWorkflow.ref, 'license'), inArray(logWorkflow.key, keys), like(logWorkflow.path, '%>active')))
    .groupBy(logWorkflow.key);
  const activatedAt = new Map(activations.map((a) => [a.key, new Date(a.at)]));
  return rows.map((r) => ({
    key: r.key,
    reference: r.reference,
    ip: r.ip,
    ip_name: names.find((n) => n.key === r.ip)?.name ?? null,
    licensee: r.licensee,
    currency: r.currency,
    term_end: r.term_end,
    advance: r.advance,
    minimum_guarantee: r.minimum_guarantee,
    activated_at: activatedAt.get(r.key) ?? r.term_start,
  }));
}

/** Charges already billed by an invoice that was not rejected (ids from chargeId). */
export async function billedCharges(db: DbOrTx, licenseKeys: string[]): Promise<Set<string>> {
  const billed = new Set<string>();
  if (licenseKeys.length === 0) return billed;
  const rows = await db
    .select({ charges: invoices.charges })
    .from(invoices)
    .where(and(ne(invoices.state, 'rejected'), sql`jsonb_array_length(${invoices.charges}) > 0`));
  const wanted = new Set(licenseKeys);
  for (const r of rows) for (const c of r.charges) if (wanted.has(c.license)) billed.add(chargeId(c.license, c.kind));
  return billed;
}

/** Royalties of a license's approved or invoiced rows (superseded and rejected never count). */
export async function earnedByLicense(db: DbOrTx, licenseKeys: string[]): Promise<Map<string, number>> {
  if (licenseKeys.length === 0) return new Map();
  const rows = await db
    .select({ license: sales.license, earned: sql<string>`coalesce(sum(${sales.royalty}), 0)` })
    .from(sales)
    .where(and(inArray(sales.license, licenseKeys), inArray(sales.state, ['approved', 'invoiced'])))
    .groupBy(sales.license);
  return new Map(rows.map((r) => [r.license, Number(r.earned)]));
}

export interface PendingCharge {
  id: string;
  license: string;
  licensee: string;
  currency: string;
  kind: ChargeKind;
  /** When it fell due (activation, end of term). */
  date: Date;
  /** The amount if billed on its own (an MG shortfall billed with the final period's rows is recomputed there). */
  amount: number;
  for: LicenseForCharges;
}

/** Charges fallen due by `now` and billed by no invoice yet (an MG with no shortfall is none). */
export async function pendingCharges(
  db: DbOrTx,
  by: { licensee?: string },
  now = new Date(),
  lock = false,
): Promise<PendingCharge[]> {
  const list = await licensesWithCharges(db, by, lock);
  const billed = await billedCharges(
    db,
    list.map((l) => l.key),
  );
  const earned = await earnedByLicense(
    db,
    list.map((l) => l.key),
  );
  const out: PendingCharge[] = [];
  for (const l of list) {
    const base = { license: l.key, licensee: l.licensee, currency: l.currency, for: l };
    if (l.advance > 0 && !billed.has(chargeId(l.key, 'advance')) && l.activated_at.getTime() <= now.getTime()) {
      out.push({ ...base, id: chargeId(l.key, 'advance'), kind: 'advance', date: l.activated_at, amount: l.advance });
    }
    const shortfall = l.minimum_guarantee - Math.max(earned.get(l.key) ?? 0, l.advance);
    if (shortfall > 0 && !billed.has(chargeId(l.key, 'mg_shortfall')) && l.term_end.getTime() < now.getTime()) {
      out.push({ ...base, id: chargeId(l.key, 'mg_shortfall'), kind: 'mg_shortfall', date: l.term_end, amount: shortfall });
    }
  }
  return out;
}

export interface OpenPeriod {
  licensee: string;
  currency: string;
  period_start: Date;
  period_end: Date;
}

const DAY_MS = 86_400_000;

/**
 * Which period bills each pending charge — the one rule the bill and the invoice share: the
 * earliest period still to invoice (approved sales not yet invoiced) of the organisation and
 * currency that ends on or after the day the charge fell due; else the calendar month it fell due
 * in, billed on its own. So the bill shows each charge once, and drafting that period bills it.
 */
export function chargeHomes(pending: PendingCharge[], open: OpenPeriod[]): Map<string, OpenPeriod> {
  const sorted = [...open].sort((a, b) => a.period_start.getTime() - b.period_start.getTime());
  const homes = new Map<string, OpenPeriod>();
  for (const charge of pending) {
    const home = sorted.find(
      (g) =>
        g.licensee === charge.licensee &&
        g.currency === charge.currency &&
        g.period_end.getTime() + DAY_MS > charge.date.getTime(),
    );
    if (home) {
      homes.set(charge.id, home);
      continue;
    }
    const first = new Date(Date.UTC(charge.date.getUTCFullYear(), charge.date.getUTCMonth(), 1));
    const last = new Date(Date.UTC(charge.date.getUTCFullYear(), charge.date.getUTCMonth() + 1, 0));
    homes.set(charge.id, { licensee: charge.licensee, currency: charge.currency, period_start: first, period_end: last });
  }
  return homes;
}

/** Periods still to invoice: distinct (organisation, period, currency) of approved sales rows. */
export async function openPeriods(db: DbOrTx, by: { licensee?: string }): Promise<OpenPeriod[]> {
  const rows = await db
    .selectDistinct({
      licensee: sales.licensee,
      period_start: sales.period_start,
      period_end: sales.period_end,
      currency: sales.currency,
    })
    .from(sales)
    .where(and(eq(sales.state, 'approved'), by.licensee ? eq(sales.licensee, by.licensee) : undefined));
  return rows
    .flatMap((r) => (r.licensee ? [{ ...r, licensee: r.licensee }] : []))
    .sort(
      (a, b) =>
        a.licensee.localeCompare(b.licensee) ||
        a.period_start.getTime() - b.period_start.getTime() ||
        a.currency.localeCompare(b.currency),
    );
}
