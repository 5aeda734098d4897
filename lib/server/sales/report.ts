import { and, eq, inArray, or } from 'drizzle-orm';
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
import { currentPeriodAllowed, japanToday, periodRefusal } from './period-rules';
import { nextReference } from '../refs/allocate';
import { correctedReports } from './corrections';

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
  /** The file's column for each field, so a refusal names the column the reader sees. */
  columns?: Partial<Record<RowField, string>>;
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

/** Accepted values named in a refusal: a handful, so the message stays readable. */
const ACCEPTED_LISTED = 5;
const listOf = (values: readonly string[]) =>
  values.length > ACCEPTED_LISTED ? `${values.slice(0, ACCEPTED_LISTED).join(', ')}, …` : values.join(', ');

/** One refused cell: the row the reader sees, the file's column, the value, and the message naming both. */
export interface Refusal {
  row: number;
  field: RowField | 'period';
  column: string;
  value: string;
  message: string;
}

/**
 * Validates every row against its license before anything is written; refused rows come back as
 * status 15 with `errors: { "row 3": { territory: "…" } }` and `refusals` (row, column, value,
 * message) and nothing is stored (all or nothing). A license is named by its contract reference
 * (or key); a product by its SKU within that license, its reference or its key.
 */
export async function validateRows(
  db: Db,
  viewer: Viewer,
  input: ReportInput,
  holderConfig: Record<string, string> = {},
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
  const refusal = periodRefusal(
    dayOf(start),
    dayOf(end),
    japanToday(input.now ?? new Date()),
    currentPeriodAllowed(holderConfig),
  );
  if (refusal) {
    throw fieldError(
      lang,
      { [refusal.field]: { message: refusal.message, code: refusal.code } },
      {
        extra: { reason: refusal.reason },
      },
    );
  }
  if (input.rows.length === 0) throw fieldError(lang, { rows: { message: M.noRows, code: 'required' } });
  if (input.rows.length > MAX_REPORT_ROWS) {
    throw fieldError(lang, { rows: { message: M.tooManyRows(MAX_REPORT_ROWS), code: 'tooMany' } });
  }

  // The organisation's reportable licenses: what a refused license value is told it may be.
  const ownLicenses = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.licensee, input.licensee), inArray(licenses.state, REPORTABLE_LICENSE_STATES)))
    .orderBy(licenses.reference);
  const named = [...new Set(input.rows.map((r) => text(r.license)).filter(Boolean))];
  const upper = [...new Set(named.map((v) => v.toUpperCase()))];
  const licenseRows = named.length
    ? await db
        .select()
        .from(licenses)
        .where(or(inArray(licenses.key, named.slice(0, 10_000)), inArray(licenses.reference, upper.slice(0, 10_000))))
    : [];
  const licenseByName = new Map<string, License>();
  for (const l of licenseRows) {
    licenseByName.set(l.key, l);
    licenseByName.set(l.reference.toUpperCase(), l);
  }
  const findLicense = (value: string) => licenseByName.get(value) ?? licenseByName.get(value.toUpperCase());
  const productRows = licenseRows.length
    ? await db
        .select()
        .from(products)
        .where(
          inArray(
            products.license,
            licenseRows.map((l) => l.key),
          ),
        )
    : [];
  // Within a license a product answers to its SKU, its reference or its key.
  const productByName = new Map<string, Product>();
  const skusOf = new Map<string, string[]>();
  for (const p of productRows) {
    for (const name of [p.key, p.reference.toUpperCase(), p.sku.toUpperCase()]) {
      productByName.set(`${p.license}\u0000${name}`, p);
    }
    if (p.state === 'approved') skusOf.set(p.license, [...(skusOf.get(p.license) ?? []), p.sku]);
  }
  const productKeys = [...new Set(input.rows.map((r) => text(r.product)).filter(Boolean))];
  const foreignProducts = productKeys.length
    ? await db
        .select()
        .from(products)
        .where(inArray(products.key, productKeys.slice(0, 10_000)))
    : [];
  const productByKey = new Map(foreignProducts.map((p) => [p.key, p]));

  const startDay = dayOf(start);
  const endDay = dayOf(end);
  const first = input.firstRow ?? 1;
  const errors: Record<string, Record<string, string>> = {};
  const refusals: Refusal[] = [];
  let refused = 0;
  const checked: Checked[] = [];
  const columnOf = (field: RowField | 'period') =>
    field === 'period' ? (input.columns?.license ?? 'license') : (input.columns?.[field] ?? field);
  const ownReferences = listOf(ownLicenses.map((l) => l.reference));
  const AMOUNTS = ['units', 'gross_sales', 'net_sales'] as const;
  let blank = 0;
  input.rows.forEach((raw, index) => {
    // A template row left without quantity and amounts: nothing of it was sold this period.
    if (AMOUNTS.every((f) => text(raw[f]) === '')) {
      blank += 1;
      return;
    }
    const problems: Partial<Record<RowField | 'period', { message: Bilingual; accepted?: string }>> = {};
    for (const field of REQUIRED_FIELDS) if (text(raw[field]) === '') problems[field] = { message: M.required };
    const license = findLicense(text(raw.license));
    if (!problems.license) {
      if (!license || (!viewer.holder && !viewer.licensees.includes(license.licensee))) {
        problems.license = { message: M.licenseMissing, accepted: ownReferences };
      } else if (license.licensee !== input.licensee) {
        problems.license = { message: M.licenseOtherOrg, accepted: ownReferences };
      } else if (!REPORTABLE_LICENSE_STATES.includes(license.state)) {
        problems.license = { message: M.licenseInactive, accepted: ownReferences };
      } else if (startDay < dayOf(license.term_start) || endDay > dayOf(license.term_end)) {
        problems.period = {
          message: M.outsideTerm,
          accepted: `${dayOf(license.term_start)} – ${dayOf(license.term_end)}`,
        };
      }
    }
    let product: Product | undefined;
    if (!problems.product && license && !problems.license) {
      const value = text(raw.product);
      product =
        productByName.get(`${license.key}\u0000${value.toUpperCase()}`) ?? productByName.get(`${license.key}\u0000${value}`);
      const accepted = listOf(skusOf.get(license.key) ?? []);
      if (!product) {
        problems.product = productByKey.has(value)
          ? { message: M.productOtherLicense, accepted }
          : { message: M.productMissing, accepted };
      } else if (product.state !== 'approved') problems.product = { message: M.productNotApproved, accepted };
    }
    let territory = text(raw.territory);
    if (license && !problems.territory && !problems.license) {
      const hit = license.territory.find((t) => t.toLowerCase() === territory.toLowerCase());
      if (!hit) problems.territory = { message: M.territory, accepted: license.territory.join(', ') };
      else territory = hit;
    }
    const currency = text(raw.currency).toUpperCase();
    if (license && currency && currency !== license.currency) {
      problems.currency = { message: M.currency, accepted: license.currency };
    }
    const decimals = currencyDecimals(license?.currency ?? 'JPY');
    const units = toCount(raw.units);
    if (!problems.units && !units.ok) {
      problems.units = { message: units.problem === 'tooLarge' ? M.tooLarge : M.nonNegativeInteger };
    }
    const gross = toMinorUnits(raw.gross_sales, decimals);
    const net = toMinorUnits(raw.net_sales, decimals);
    for (const [field, parsed] of [
      ['gross_sales', gross],
      ['net_sales', net],
    ] as const) {
      if (problems[field] || parsed.ok) continue;
      problems[field] = {
        message: parsed.problem === 'decimals' ? M.decimals(decimals) : parsed.problem === 'tooLarge' ? M.tooLarge : M.amount,
      };
    }
    if (gross.ok && net.ok && net.value > gross.value && !problems.net_sales) {
      problems.net_sales = { message: M.netAboveGross };
    }
    const fields = Object.entries(problems) as [RowField | 'period', { message: Bilingual; accepted?: string }][];
    if (fields.length) {
      refused += 1;
      if (refused <= MAX_ROWS_LISTED) {
        const row = first + index;
        const cells = fields.map(([field, p]) => {
          const value = field === 'period' ? text(raw.license) : text(raw[field]);
          const message = M.cell(columnOf(field), value, p.message, p.accepted)[lang];
          return { row, field, column: columnOf(field), value, message };
        });
        refusals.push(...cells);
        errors[`row ${row}`] = Object.fromEntries(cells.map((c) => [c.field, c.message]));
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
  if (blank === input.rows.length) throw fieldError(lang, { rows: { message: M.noRows, code: 'required' } });
  if (refused) {
    throw new AppError('batch_validation', M.refused(refused)[lang], {
      message: M.refused(refused)[lang],
      refused,
      errors,
      refusals,
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
  const holder = await defaultHolder(db);
  const { checked, start, end } = await validateRows(db, viewer, input, holder.config);
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
    const licenseKeys = [...new Set(rows.map((r) => r.license))];
    const corrects = await correctedReports(tx, input.licensee, licenseKeys, start, end, viewer.lang);
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
        corrects,
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
