import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { licenses, sales } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { runningTotals, type RunningTotals } from '../royalty/royalty';

export interface LicenseTotals extends RunningTotals {
  license: string;
  /** The license's number (LIC-2026-0042). */
  reference: string;
  ip: string;
  licensee: string;
  state: string;
  currency: string;
  royalty_rate_bp: number;
  advance: number;
  minimum_guarantee: number;
  units: number;
  net_sales: number;
  /** Reports counted: every state but rejected. */
  rows: number;
}

/**
 * Running totals per license (earned to date, recouped advance, payable, MG progress) from the
 * royalties of its reported rows that were not rejected, period by period.
 */
export async function licenseTotals(
  db: Db,
  viewer: Viewer,
  by: { license?: string; licensee?: string },
): Promise<LicenseTotals[]> {
  const conditions = [];
  if (by.license) conditions.push(eq(licenses.key, by.license));
  if (by.licensee) conditions.push(eq(licenses.licensee, by.licensee));
  if (!viewer.holder) {
    if (viewer.licensees.length === 0) return [];
    conditions.push(inArray(licenses.licensee, viewer.licensees));
  }
  const licenseRows = await db
    .select()
    .from(licenses)
    .where(and(...conditions))
    .orderBy(asc(licenses.dateCreated));
  if (licenseRows.length === 0) return [];
  const perPeriod = await db
    .select({
      license: sales.license,
      period: sales.period_start,
      royalty: sql<string>`sum(${sales.royalty})`,
      net: sql<string>`sum(${sales.net_sales})`,
      units: sql<string>`sum(${sales.units})`,
      rows: sql<string>`count(*)`,
    })
    .from(sales)
    .where(
      and(
        inArray(
          sales.license,
          licenseRows.map((l) => l.key),
        ),
        ne(sales.state, 'rejected'),
      ),
    )
    .groupBy(sales.license, sales.period_start)
    .orderBy(asc(sales.period_start));
  return licenseRows.map((l) => {
    const periods = perPeriod.filter((p) => p.license === l.key);
    const totals = runningTotals(
      { advance: Number(l.advance), minimumGuarantee: Number(l.minimum_guarantee) },
      periods.map((p) => Number(p.royalty)),
    );
    return {
      license: l.key,
      reference: l.reference,
      ip: l.ip,
      licensee: l.licensee,
      state: l.state,
      currency: l.currency,
      royalty_rate_bp: l.royalty_rate_bp,
      advance: Number(l.advance),
      minimum_guarantee: Number(l.minimum_guarantee),
      units: periods.reduce((s, p) => s + Number(p.units), 0),
      net_sales: periods.reduce((s, p) => s + Number(p.net), 0),
      rows: periods.reduce((s, p) => s + Number(p.rows), 0),
      ...totals,
    };
  });
}
