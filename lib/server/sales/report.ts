import { eq, inArray, or } from 'drizzle-orm';
import { AppError } from '../api/errors';
import { fieldError, type Bilingual } from '../common/field-error';
import type { Db } from '../db/client';
import { licenses, products, sales, salesReports, type ReportTotals } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { defaultHolder } from '../flow/facts';
import { openInitialStage } from '../flow/open-initial-stage';
import { newKey } from '../keys';
import { royaltyOf } from '../royalty/royalty';
import { REQUIRED_FIELDS, type RawRow, type RowField } from './columns';
import { M } from './messages';
import { currencyDecimals, toCount, toMinorUnits } from './money';
import { dayOf, dueDays, isLate } from './period';
import { nextReference } from '../refs/allocate';

type License = typeof licenses.$inferSelect;
type Product = typeof products.$inferSelect;
type SalesInsert = typeof sales.$inferInsert;

/** License states a report may name: in force, or expired but covering the reported period (sales made in the term). */
export const REPORTABLE_LICENSE_STATES = ['active', 'expired'];
export const MAX_REPORT_ROWS = 200_000;
/** Rows per multi-row INSERT. */
export const INSERT_CHUNK = 1000;
/** Refused rows named in the answer; the count covers all of them. */
const MAX_ROWS_LISTED = 200;

export interface ReportInput {
  licensee: string;
  period_start: string;
  period_end: string;
  rows: readonly RawRow[];
  source: 'form' | 'csv' | 'xlsx';
  file_name?: string | null;
  /** The number the user sees for rows[0]: 2 in a file under its header line, 1 in a form. */
  firstRow?: number;
  now?: Date;
}

export interface ReportResult {
  report: typeof salesReports.$inferSelect;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const day = value.slice(0, 10);
  if (!DATE.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || dayOf(date) !== day ? null : date;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

interface Checked {
  license: License;
  product: Product;
  territory: string;
  units: number;
  gross: number;
  net: number;
}

/**
 * Validates every row against its license before anything is written; refused rows come back as
 * status 15 with `errors: { "row 3": { territory: "…" } }` and nothing is stored (all or nothing).
 */
export async function validateRows(
  db: Db,
  viewer: Viewer,
  input: ReportInput,
): Promise<{ checked: Checked[]; start: Date; end: Date }> {
  const lang = viewer.lang;
  if (!viewer.holder && !viewer.licensees.includes(input.licensee)) {
    throw fieldError(lang, { licensee: { message: M.organisation, code: 'key' } });
  }
  const start = parseDay(input.period_start);
  const end = parseDay(input.period_end);
  if (!start || !end || start > end) {
    throw fieldError(lang, { [start ? 'period_end' : 'period_start']: { message: M.period, code: 'date' } });
  }
  if (input.rows.length === 0) throw fieldError(lang, { rows: { message: M.noRows, code: 'required' } });
  if (input.rows.length > MAX_REPORT_ROWS) {
    throw fieldError(lang, { rows: { message: M.tooManyRows(MAX_REPORT_ROWS), code: 'tooMany' } });
  }

  const licenseKeys = [...new Set(input.rows.map((r) => text(r.license)).filter(Boolean))];
  const licenseRows = licenseKeys.length ? await db.select().from(licenses).where(inArray(licenses.key, licenseKeys)) : [];
  const licenseByKey = new Map(licenseRows.map((l) => [l.key, l]));
  // Products are named by key or by SKU within their license.
  const productValues = [...new Set(input.rows.map((r) => text(r.product)).filter(Boolean))];
  const productRows = licenseRows.length
    ? await db
        .select()
        .from(products)
        .where(
          or(
            inArray(
              products.license,
              licenseRows.map((l) => l.key),
            ),
            productValues.length ? inArray(products.key, productValues.slice(0, 10_000)) : undefined,
          ),
        )
    : [];
  const productByKey = new Map(productRows.map((p) => [p.key, p]));
  const productBySku = new Map(productRows.map((p) => [`${p.license}\u0000${p.sku}`, p]));

  const startDay = dayOf(start);
  const endDay = dayOf(end);
  const first = input.firstRow ?? 1;
  const errors: Record<string, Record<string, string>> = {};
  let refused = 0;
  const checked: Checked[] = [];
  input.rows.forEach((raw, index) => {
    const problems: Partial<Record<RowField | 'period', Bilingual>> = {};
    for (const field of REQUIRED_FIELDS) if (text(raw[field]) === '') problems[field] = M.required;
    const license = licenseByKey.get(text(raw.license));
    if (!problems.license) {
      if (!license || (!viewer.holder && !viewer.licensees.includes(license.licensee))) problems.license = M.licenseMissing;
      else if (license.licensee !== input.licensee) problems.license = M.licenseOtherOrg;
      else if (!REPORTABLE_LICENSE_STATES.includes(license.state)) problems.license = M.licenseInactive;
      else if (startDay < dayOf(license.term_start) || endDay > dayOf(license.term_end)) problems.period = M.outsideTerm;
    }
    let product: Product | undefined;
    if (!problems.product && license && !problems.license) {
      const value = text(raw.product);
      product = productBySku.get(`${license.key}\u0000${value}`) ?? productByKey.get(value);
      if (!product) problems.product = M.productMissing;
      else if (product.license !== license.key) problems.product = M.productOtherLicense;
      else if (product.state !== 'approved') problems.product = M.productNotApproved;
    }
    let territory = text(raw.territory);
    if (license && !problems.territory && !problems.license) {
      const hit = license.territory.find((t) => t.toLowerCase() === territory.toLowerCase());
      if (!hit) problems.territory = M.territory;
      else territory = hit;
    }
    const currency = text(raw.currency).toUpperCase();
    if (license && currency && currency !== license.currency) problems.currency = M.currency;
    const decimals = currencyDecimals(license?.currency ?? 'JPY');
    const units = toCount(raw.units);
    if (!problems.units && !units.ok) problems.units = units.problem === 'tooLarge' ? M.tooLarge : M.nonNegativeInteger;
    const gross = toMinorUnits(raw.gross_sales, decimals);
    const net = toMinorUnits(raw.net_sales, decimals);
    for (const [field, parsed] of [
      ['gross_sales', gross],
      ['net_sales', net],
    ] as const) {
      if (problems[field] || parsed.ok) continue;
      problems[field] =
        parsed.problem === 'decimals' ? M.decimals(decimals) : parsed.problem === 'tooLarge' ? M.tooLarge : M.amount;
    }
    if (gross.ok && net.ok && net.value > gross.value && !problems.net_sales) problems.net_sales = M.netAboveGross;
    const fields = Object.entries(problems);
    if (fields.length) {
      refused += 1;
      if (refused <= MAX_ROWS_LISTED) {
        errors[`row ${first + index}`] = Object.fromEntries(fields.map(([f, m]) => [f, m![lang]]));
      }
      return;
    }
    if (refused === 0) {
      checked.push({
        license: license!,
        product: product!,
        territory,
        units: (units as { value: number }).value,
        gross: (gross as { value: number }).value,
        net: (net as { value: number }).value,
      });
    }
  });
  if (refused) {
    throw new AppError('batch_validation', M.refused(refused)[lang], {
      message: M.refused(refused)[lang],
      refused,
      errors,
    });
  }
  return { checked, start, end };
}

/** Totals per currency, in minor units. */
export function totalsOf(rows: readonly Pick<SalesInsert, 'currency' | 'units' | 'net_sales' | 'royalty'>[]): ReportTotals {
  const totals: ReportTotals = {};
  for (const row of rows) {
    const t = (totals[row.currency ?? 'JPY'] ??= { rows: 0, units: 0, net_sales: 0, royalty: 0 });
    t.rows += 1;
    t.units += row.units ?? 0;
    t.net_sales += row.net_sales;
    t.royalty += row.royalty ?? 0;
  }
  return totals;
}

/**
 * One royalty report: every row validated first, then in one transaction the report, its rows
 * (royalty computed here, per row, half up) in multi-row INSERTs of INSERT_CHUNK, and the cfl
 * review round with its log entry and notifications.
 */
export async function createReport(db: Db, viewer: Viewer, input: ReportInput): Promise<ReportResult> {
  const { checked, start, end } = await validateRows(db, viewer, input);
  const holder = await defaultHolder(db);
  const now = input.now ?? new Date();
  const reportKey = newKey();
  const rows: SalesInsert[] = checked.map((c) => ({
    key: newKey(),
    license: c.license.key,
    product: c.product.key,
    licensee: c.license.licensee,
    ip: c.license.ip,
    period_start: start,
    period_end: end,
    territory: c.territory,
    units: c.units,
    gross_sales: c.gross,
    net_sales: c.net,
    currency: c.license.currency,
    royalty: royaltyOf(c.net, c.license.royalty_rate_bp),
    state: 'submitted',
    report: reportKey,
    owner: viewer.sub,
  }));
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [report] = await tx
      .insert(salesReports)
      .values({
        key: reportKey,
        reference: await nextReference(tx, 'sales_report'),
        licensee: input.licensee,
        period_start: start,
        period_end: end,
        state: 'submitted',
        source: input.source,
        file_name: input.file_name ?? null,
        row_count: rows.length,
        totals: totalsOf(rows),
        late: isLate(end, dueDays(holder.config), now),
        owner: viewer.sub,
      })
      .returning();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(sales).values(rows.slice(i, i + INSERT_CHUNK));
    }
    await openInitialStage(tx, viewer, 'SalesReport', report!);
    return { report: report! };
  });
}

/** The rows of a report the viewer may read (scope checked by the caller). */
export async function reportRows(db: Db, reportKey: string) {
  return db.select().from(sales).where(eq(sales.report, reportKey)).orderBy(sales.license, sales.product);
}
