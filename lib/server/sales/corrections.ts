import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { reviews, sales, salesReports } from '../db/entities-schema';
import { recomputeReportGroups } from '../stats/rollup';
import { M } from './messages';

/** Row states that still count or may still count: what a correction replaces. */
const LIVE = ['submitted', 'approved'];

/**
 * The earlier live reports of the same licensee, period and licenses: a new report of them is a
 * correction of those. A period already invoiced for one of the licenses cannot be corrected by a
 * report (the invoice would no longer match); that is refused. Called in the creating
 * transaction after the licensee's lock, so two reports of one period sent together still see
 * each other.
 */
export async function correctedReports(
  tx: Db,
  licensee: string,
  licenseKeys: readonly string[],
  start: Date,
  end: Date,
  lang: 'jp' | 'en',
): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sales-report:${licensee}`}))`);
  if (licenseKeys.length === 0) return [];
  const earlier = await tx
    .selectDistinct({ report: sales.report, state: sales.state })
    .from(sales)
    .where(
      and(
        eq(sales.licensee, licensee),
        inArray(sales.license, [...licenseKeys]),
        eq(sales.period_start, start),
        eq(sales.period_end, end),
        inArray(sales.state, [...LIVE, 'invoiced']),
      ),
    );
  if (earlier.some((r) => r.state === 'invoiced')) {
    throw new AppError('conflict', M.corrected[lang], { errors: { period_start: M.corrected[lang] } });
  }
  return [...new Set(earlier.map((r) => r.report).filter((r): r is string => Boolean(r)))].sort();
}

/**
 * A correction approved: the rows of the reports it corrects, for the licenses it reports, become
 * 'superseded' (kept, never counted). Only live rows move, so approving cannot supersede twice; a
 * corrected report with no live row left becomes 'superseded' itself and its open review closes.
 * Returns the reports that changed state, so the caller can tell the world through one place.
 */
export async function supersedeCorrected(tx: Db, correction: string): Promise<string[]> {
  const [report] = await tx.select().from(salesReports).where(eq(salesReports.key, correction)).limit(1);
  if (!report || report.corrects.length === 0) return [];
  const licenseRows = await tx.selectDistinct({ license: sales.license }).from(sales).where(eq(sales.report, correction));
  const licenseKeys = licenseRows.map((r) => r.license);
  const now = new Date();
  const changed: string[] = [];
  for (const corrected of report.corrects) {
    const moved = await tx
      .update(sales)
      .set({ state: 'superseded', dateUpdated: now })
      .where(and(eq(sales.report, corrected), inArray(sales.license, licenseKeys), inArray(sales.state, LIVE)))
      .returning({ key: sales.key });
    if (moved.length === 0) continue;
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .where(and(eq(sales.report, corrected), inArray(sales.state, [...LIVE, 'invoiced'])));
    if (Number(left?.n ?? 0) === 0) {
      await tx
        .update(salesReports)
        .set({ state: 'superseded', dateUpdated: now })
        .where(and(eq(salesReports.key, corrected), inArray(salesReports.state, LIVE)));
      await tx
        .update(reviews)
        .set({ state: 'closed', dateUpdated: now })
        .where(and(eq(reviews.subject_key, corrected), eq(reviews.state, 'pending')));
      changed.push(corrected);
    }
    await recomputeReportGroups(tx, corrected);
  }
  return changed;
}
