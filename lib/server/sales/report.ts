import { eq } from 'drizzle-orm';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { sales, salesReports, type ReportTotals } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { defaultHolder } from '../flow/facts';
import { openInitialStage } from '../flow/open-initial-stage';
import { newKey } from '../keys';
import { royaltyOf } from '../royalty/royalty';
import type { RawRow, RowField } from './columns';
import { M } from './messages';
import { dueDays, isLate } from './period';
import { referenceInInsert } from '../refs/allocate';
import { correctedReports } from './corrections';
import { checkReportHead, RowChecker, type Checked } from './row-check';

export { REPORTABLE_LICENSE_STATES, type Refusal } from './row-check';

type SalesInsert = typeof sales.$inferInsert;

export const MAX_REPORT_ROWS = 200_000;
/** Rows per multi-row INSERT. */
export const INSERT_CHUNK = 1000;

export interface ReportInput {
  licensee: string;
  period_start: string;
  period_end: string;
  rows: readonly RawRow[];
  source: 'form' | 'csv' | 'xlsx';
  file_name?: string | null;
  /** The number the user sees for rows[0]: 2 in a file under its header line, 1 in a form. */
  firstRow?: number;
  /** The file's column for each field, so a refusal names the column the reader sees. */
  columns?: Partial<Record<RowField, string>>;
  now?: Date;
}

export interface ReportResult {
  report: typeof salesReports.$inferSelect;
}

/**
 * Validates every row against its license before anything is written (RowChecker); refused rows
 * come back as status 15 and nothing is stored (all or nothing).
 */
export async function validateRows(
  db: Db,
  viewer: Viewer,
  input: ReportInput,
  holderConfig: Record<string, string> = {},
): Promise<{ checked: Checked[]; start: Date; end: Date }> {
  const lang = viewer.lang;
  const { start, end } = checkReportHead(viewer, input, holderConfig);
  if (input.rows.length === 0) throw fieldError(lang, { rows: { message: M.noRows, code: 'required' } });
  if (input.rows.length > MAX_REPORT_ROWS) {
    throw fieldError(lang, { rows: { message: M.tooManyRows(MAX_REPORT_ROWS), code: 'tooMany' } });
  }
  const checker = await RowChecker.open(db, viewer, { licensee: input.licensee, start, end, columns: input.columns });
  await checker.load(input.rows);
  const first = input.firstRow ?? 1;
  const checked: Checked[] = [];
  input.rows.forEach((raw, index) => {
    const row = checker.check(raw, first + index);
    if (row && checker.refused === 0) checked.push(row);
  });
  checker.finish();
  return { checked, start, end };
}

/** Adds one row to totals per currency, in minor units. */
export function addToTotals(totals: ReportTotals, row: Pick<SalesInsert, 'currency' | 'units' | 'net_sales' | 'royalty'>): void {
  const t = (totals[row.currency ?? 'JPY'] ??= { rows: 0, units: 0, net_sales: 0, royalty: 0 });
  t.rows += 1;
  t.units += row.units ?? 0;
  t.net_sales += row.net_sales;
  t.royalty += row.royalty ?? 0;
}

/** Totals per currency, in minor units. */
export function totalsOf(rows: readonly Pick<SalesInsert, 'currency' | 'units' | 'net_sales' | 'royalty'>[]): ReportTotals {
  const totals: ReportTotals = {};
  for (const row of rows) addToTotals(totals, row);
  return totals;
}

/** The stored sales row of a checked row: royalty computed here, per row, half up. */
export function salesRowOf(
  c: Checked,
  report: { key: string; start: Date; end: Date; owner: string },
): SalesInsert & { key: string; units: number; gross_sales: number; royalty: number; currency: string } {
  return {
    key: newKey(),
    license: c.license.key,
    product: c.product.key,
    licensee: c.license.licensee,
    ip: c.license.ip,
    period_start: report.start,
    period_end: report.end,
    territory: c.territory,
    units: c.units,
    gross_sales: c.gross,
    net_sales: c.net,
    currency: c.license.currency,
    royalty: royaltyOf(c.net, c.license.royalty_rate_bp),
    state: 'submitted',
    report: report.key,
    owner: report.owner,
  };
}

export interface StoredReport {
  key: string;
  licensee: string;
  start: Date;
  end: Date;
  source: ReportInput['source'];
  file_name?: string | null;
  rowCount: number;
  totals: ReportTotals;
  licenseKeys: readonly string[];
  holderConfig: Record<string, string>;
  now: Date;
}

/**
 * The report record itself, inside the transaction that stores its rows: the earlier reports it
 * corrects (refused when their period is invoiced), its reference, and the cfl review round with
 * its log entry and notifications.
 */
export async function storeReport(tx: Db, viewer: Viewer, r: StoredReport): Promise<ReportResult> {
  // The report's own rows are already in the transaction: they are no earlier report.
  const corrects = (await correctedReports(tx, r.licensee, [...r.licenseKeys], r.start, r.end, viewer.lang)).filter(
    (k) => k !== r.key,
  );
  const reference = await referenceInInsert(tx, 'sales_report');
  const [report] = await tx
    .with(reference.cte)
    .insert(salesReports)
    .values({
      key: r.key,
      reference: reference.value,
      licensee: r.licensee,
      period_start: r.start,
      period_end: r.end,
      state: 'submitted',
      source: r.source,
      file_name: r.file_name ?? null,
      row_count: r.rowCount,
      totals: r.totals,
      late: isLate(r.end, dueDays(r.holderConfig), r.now),
      owner: viewer.sub,
      corrects,
    })
    .returning();
  await openInitialStage(tx, viewer, 'SalesReport', report!);
  return { report: report! };
}

/**
 * One royalty report from rows in memory (a form, the demo): every row validated first, then in
 * one transaction its rows in multi-row INSERTs of INSERT_CHUNK and the report (storeReport).
 * Files take the streaming path (stream-import.ts).
 */
export async function createReport(db: Db, viewer: Viewer, input: ReportInput): Promise<ReportResult> {
  const holder = await defaultHolder(db);
  const { checked, start, end } = await validateRows(db, viewer, input, holder.config);
  const reportKey = newKey();
  const rows = checked.map((c) => salesRowOf(c, { key: reportKey, start, end, owner: viewer.sub }));
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(sales).values(rows.slice(i, i + INSERT_CHUNK));
    }
    return storeReport(tx, viewer, {
      key: reportKey,
      licensee: input.licensee,
      start,
      end,
      source: input.source,
      file_name: input.file_name,
      rowCount: rows.length,
      totals: totalsOf(rows),
      licenseKeys: [...new Set(rows.map((r) => r.license))],
      holderConfig: holder.config,
      now: input.now ?? new Date(),
    });
  });
}

/** The rows of a report the viewer may read (scope checked by the caller). */
export async function reportRows(db: Db, reportKey: string) {
  return db.select().from(sales).where(eq(sales.report, reportKey)).orderBy(sales.license, sales.product);
}
