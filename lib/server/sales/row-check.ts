import { and, eq, inArray, or } from 'drizzle-orm';
import { AppError } from '../api/errors';
import { fieldError, type Bilingual } from '../common/field-error';
import type { Db } from '../db/client';
import { licenses, products } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { REQUIRED_FIELDS, type RawRow, type RowField } from './columns';
import { M } from './messages';
import { currencyDecimals, toCount, toMinorUnits } from './money';
import { dayOf } from './period';
import { japanToday } from '../../format/japan-calendar';
import { currentPeriodAllowed, periodRefusal } from './period-rules';

type License = typeof licenses.$inferSelect;
type Product = typeof products.$inferSelect;

/** License states a report may name: in force, or expired but covering the reported period (sales made in the term). */
export const REPORTABLE_LICENSE_STATES = ['active', 'expired'];
/** Refused rows named in the answer; the count covers all of them. */
const MAX_ROWS_LISTED = 200;
/** Names looked up in one query: a batch of rows names far fewer. */
const MAX_LOOKUP = 10_000;
/** Accepted values named in a refusal: a handful, so the message stays readable. */
const ACCEPTED_LISTED = 5;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const day = value.slice(0, 10);
  if (!DATE.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || dayOf(date) !== day ? null : date;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

function hasAny(record: object): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}

const listOf = (values: readonly string[]) =>
  values.length > ACCEPTED_LISTED ? `${values.slice(0, ACCEPTED_LISTED).join(', ')}, …` : values.join(', ');

type Problem = { message: Bilingual; accepted?: string };
type LicenseVerdict = { license: License | undefined; problem?: ['license' | 'period', Problem] };
type ProductVerdict = { product: Product | undefined; problem?: Problem };

/** A row that passed every check, amounts in minor units. */
export interface Checked {
  license: License;
  product: Product;
  territory: string;
  units: number;
  gross: number;
  net: number;
}

/** One refused cell: the row the reader sees, the file's column, the value, and the message naming both. */
export interface Refusal {
  row: number;
  field: RowField | 'period';
  column: string;
  value: string;
  message: string;
}

export interface ReportHead {
  licensee: string;
  period_start: string;
  period_end: string;
  now?: Date;
}

/**
 * What a report is refused for before any of its rows is read: an organisation the caller may not
 * report for, a period that is no period, or one not yet reportable (period-rules).
 */
export function checkReportHead(
  viewer: Viewer,
  input: ReportHead,
  holderConfig: Record<string, string> = {},
): { start: Date; end: Date } {
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
      { extra: { reason: refusal.reason } },
    );
  }
  return { start, end };
}

/**
 * Checks a report's rows against their licenses, a batch at a time, so a file of any length is
 * checked with only the licenses and products it names in memory: `load` looks up the names a
 * batch brings that earlier batches did not, `check` decides each row. Refused rows are counted
 * (the first MAX_ROWS_LISTED named) and `finish` throws status 15 with `errors: { "row 3":
 * { territory: "…" } }` and `refusals` when there were any. A license is named by its contract
 * reference (or key); a product by its SKU within that license, its reference or its key.
 */
export class RowChecker {
  private ownReferences = '';
  private readonly licenseByName = new Map<string, License>();
  private readonly namesLooked = new Set<string>();
  private readonly productByName = new Map<string, Product>();
  private readonly skusOf = new Map<string, string[]>();
  private readonly licensesLoaded = new Set<string>();
  private readonly productByKey = new Map<string, Product>();
  private readonly productKeysLooked = new Set<string>();
  private readonly startDay: string;
  private readonly endDay: string;
  private readonly errors: Record<string, Record<string, string>> = {};
  private readonly refusals: Refusal[] = [];
  /** Rows seen, blank rows (no quantity, no amounts: nothing sold) and refused rows. */
  rows = 0;
  blank = 0;
  refused = 0;

  private constructor(
    private readonly db: Db,
    private readonly viewer: Viewer,
    private readonly licensee: string,
    start: Date,
    end: Date,
    private readonly columns: Partial<Record<RowField, string>> | undefined,
  ) {
    this.startDay = dayOf(start);
    this.endDay = dayOf(end);
  }

  static async open(
    db: Db,
    viewer: Viewer,
    input: { licensee: string; start: Date; end: Date; columns?: Partial<Record<RowField, string>> },
  ): Promise<RowChecker> {
    const checker = new RowChecker(db, viewer, input.licensee, input.start, input.end, input.columns);
    // The organisation's reportable licenses: what a refused license value is told it may be.
    const own = await db
      .select({ reference: licenses.reference })
      .from(licenses)
      .where(and(eq(licenses.licensee, input.licensee), inArray(licenses.state, REPORTABLE_LICENSE_STATES)))
      .orderBy(licenses.reference);
    checker.ownReferences = listOf(own.map((l) => l.reference));
    return checker;
  }

  /** Looks up the licenses and products a batch names that no earlier batch did. */
  async load(rows: readonly RawRow[]): Promise<void> {
    this.licenseVerdicts.clear();
    this.productVerdicts.clear();
    this.territories.clear();
    const named = [...new Set(rows.map((r) => text(r.license)).filter((v) => v && !this.namesLooked.has(v)))];
    if (named.length) {
      for (const v of named) this.namesLooked.add(v);
      const upper = [...new Set(named.map((v) => v.toUpperCase()))];
      const found = await this.db
        .select()
        .from(licenses)
        .where(or(inArray(licenses.key, named.slice(0, MAX_LOOKUP)), inArray(licenses.reference, upper.slice(0, MAX_LOOKUP))));
      for (const l of found) {
        this.licenseByName.set(l.key, l);
        this.licenseByName.set(l.reference.toUpperCase(), l);
      }
      const fresh = [...new Set(found.map((l) => l.key))].filter((k) => !this.licensesLoaded.has(k));
      if (fresh.length) {
        for (const k of fresh) this.licensesLoaded.add(k);
        // Within a license a product answers to its SKU, its reference or its key.
        for (const p of await this.db.select().from(products).where(inArray(products.license, fresh))) {
          for (const name of [p.key, p.reference.toUpperCase(), p.sku.toUpperCase()]) {
            this.productByName.set(`${p.license}\u0000${name}`, p);
          }
          if (p.state === 'approved') this.skusOf.set(p.license, [...(this.skusOf.get(p.license) ?? []), p.sku]);
        }
      }
    }
    // A product key of another license: refused as "not on this license" rather than "no such product".
    const keys = [...new Set(rows.map((r) => text(r.product)).filter((v) => v && !this.productKeysLooked.has(v)))];
    if (keys.length) {
      for (const k of keys) this.productKeysLooked.add(k);
      const found = await this.db
        .select()
        .from(products)
        .where(inArray(products.key, keys.slice(0, MAX_LOOKUP)));
      for (const p of found) this.productByKey.set(p.key, p);
    }
  }

  private readonly terms = new Map<string, { start: string; end: string }>();
  private readonly licenseVerdicts = new Map<string, LicenseVerdict>();
  // By license, then by the row's value: a row's look-up builds no joined key to hash.
  private readonly productVerdicts = new Map<License, Map<string, ProductVerdict>>();
  private readonly territories = new Map<License, Map<string, string | undefined>>();

  /** A license's term as days, worked out once per license rather than once per row. */
  private termOf(license: License): { start: string; end: string } {
    let term = this.terms.get(license.key);
    if (!term) {
      term = { start: dayOf(license.term_start), end: dayOf(license.term_end) };
      this.terms.set(license.key, term);
    }
    return term;
  }

  private findLicense(value: string): License | undefined {
    return this.licenseByName.get(value) ?? this.licenseByName.get(value.toUpperCase());
  }

  private columnOf(field: RowField | 'period'): string {
    return field === 'period' ? (this.columns?.license ?? 'license') : (this.columns?.[field] ?? field);
  }

  /**
   * What a license value of the batch names, and why its rows are refused when they are: asked
   * once per value and batch (a batch of thousands of rows names a handful), never across a
   * `load`, which may make a name mean more.
   */
  private licenseVerdict(value: string): LicenseVerdict {
    let verdict = this.licenseVerdicts.get(value);
    if (verdict) return verdict;
    const viewer = this.viewer;
    const license = this.findLicense(value);
    let problem: LicenseVerdict['problem'];
    if (!license || (!viewer.holder && !viewer.licensees.includes(license.licensee))) {
      problem = ['license', { message: M.licenseMissing, accepted: this.ownReferences }];
    } else if (license.licensee !== this.licensee) {
      problem = ['license', { message: M.licenseOtherOrg, accepted: this.ownReferences }];
    } else if (!REPORTABLE_LICENSE_STATES.includes(license.state)) {
      problem = ['license', { message: M.licenseInactive, accepted: this.ownReferences }];
    } else {
      const term = this.termOf(license);
      if (this.startDay < term.start || this.endDay > term.end) {
        problem = ['period', { message: M.outsideTerm, accepted: `${term.start} – ${term.end}` }];
      }
    }
    verdict = { license, problem };
    this.licenseVerdicts.set(value, verdict);
    return verdict;
  }

  /** A product value under a license the row may name, and why it is refused when it is (once per batch). */
  private productVerdict(license: License, value: string): ProductVerdict {
    let verdicts = this.productVerdicts.get(license);
    if (!verdicts) this.productVerdicts.set(license, (verdicts = new Map()));
    let verdict = verdicts.get(value);
    if (verdict) return verdict;
    const name = `${license.key}\u0000${value}`;
    const product = this.productByName.get(`${license.key}\u0000${value.toUpperCase()}`) ?? this.productByName.get(name);
    const accepted = listOf(this.skusOf.get(license.key) ?? []);
    let problem: Problem | undefined;
    if (!product) {
      problem = this.productByKey.has(value)
        ? { message: M.productOtherLicense, accepted }
        : { message: M.productMissing, accepted };
    } else if (product.state !== 'approved') problem = { message: M.productNotApproved, accepted };
    verdict = { product, problem };
    verdicts.set(value, verdict);
    return verdict;
  }

  /** A territory as the license spells it (matched without case), or undefined when the license has no such territory. */
  private territoryOf(license: License, value: string): string | undefined {
    let known = this.territories.get(license);
    if (!known) this.territories.set(license, (known = new Map()));
    if (known.has(value)) return known.get(value);
    const lower = value.toLowerCase();
    const hit = license.territory.find((t) => t.toLowerCase() === lower);
    known.set(value, hit);
    return hit;
  }

  /** One row (its batch loaded first): the checked row, or null when it is blank or refused. */
  check(raw: RawRow, row: number): Checked | null {
    this.rows += 1;
    // A template row left without quantity and amounts: nothing of it was sold this period.
    if (text(raw.units) === '' && text(raw.gross_sales) === '' && text(raw.net_sales) === '') {
      this.blank += 1;
      return null;
    }
    const viewer = this.viewer;
    const problems: Partial<Record<RowField | 'period', Problem>> = {};
    for (const field of REQUIRED_FIELDS) if (text(raw[field]) === '') problems[field] = { message: M.required };
    const { license, problem: licenseProblem } = this.licenseVerdict(text(raw.license));
    if (!problems.license && licenseProblem) problems[licenseProblem[0]] = licenseProblem[1];
    let product: Product | undefined;
    if (!problems.product && license && !problems.license) {
      const verdict = this.productVerdict(license, text(raw.product));
      product = verdict.product;
      if (verdict.problem) problems.product = verdict.problem;
    }
    let territory = text(raw.territory);
    if (license && !problems.territory && !problems.license) {
      const hit = this.territoryOf(license, territory);
      if (hit === undefined) problems.territory = { message: M.territory, accepted: license.territory.join(', ') };
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
    if (!gross.ok || !net.ok) {
      for (const [field, parsed] of [
        ['gross_sales', gross],
        ['net_sales', net],
      ] as const) {
        if (problems[field] || parsed.ok) continue;
        problems[field] = {
          message: parsed.problem === 'decimals' ? M.decimals(decimals) : parsed.problem === 'tooLarge' ? M.tooLarge : M.amount,
        };
      }
    }
    if (gross.ok && net.ok && net.value > gross.value && !problems.net_sales) {
      problems.net_sales = { message: M.netAboveGross };
    }
    // Most rows have no problem: no array of them is made for those.
    if (hasAny(problems)) {
      const fields = Object.entries(problems) as [RowField | 'period', Problem][];
      this.refused += 1;
      if (this.refused <= MAX_ROWS_LISTED) {
        const cells = fields.map(([field, p]) => {
          const value = field === 'period' ? text(raw.license) : text(raw[field]);
          const message = M.cell(this.columnOf(field), value, p.message, p.accepted)[viewer.lang];
          return { row, field, column: this.columnOf(field), value, message };
        });
        this.refusals.push(...cells);
        this.errors[`row ${row}`] = Object.fromEntries(cells.map((c) => [c.field, c.message]));
      }
      return null;
    }
    return {
      license: license!,
      product: product!,
      territory,
      units: (units as { value: number }).value,
      gross: (gross as { value: number }).value,
      net: (net as { value: number }).value,
    };
  }

  /** After the last row: refuses a report with no row to store or with any refused row (all or nothing). */
  finish(): void {
    const lang = this.viewer.lang;
    if (this.blank === this.rows) throw fieldError(lang, { rows: { message: M.noRows, code: 'required' } });
    if (this.refused) {
      throw new AppError('batch_validation', M.refused(this.refused)[lang], {
        message: M.refused(this.refused)[lang],
        refused: this.refused,
        errors: this.errors,
        refusals: this.refusals,
      });
    }
  }
}
