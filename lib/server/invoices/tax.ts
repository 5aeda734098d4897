/**
 * Tax lines of an invoice, in integer minor units (no floating-point money).
 *
 * Rules:
 * - Each line's amount is subtotal × rate_bp / 10,000, rounded half away from zero (half-up for the
 *   non-negative subtotals invoices have: 0.5 of a minor unit becomes 1), in BigInt arithmetic so
 *   no intermediate product loses precision.
 * - A withholding line is deducted: its amount is negative (sign −1 unless the line says otherwise).
 *   A VAT line is added (sign +1).
 * - Every line is computed on the subtotal, never on another line (no tax on tax).
 * - total = subtotal + Σ line amounts.
 *
 * Where lines come from: Holder.config (a map of key to JSON string, SPEC §3):
 * - `tax.lines.<CURRENCY>` (e.g. `tax.lines.USD`) if present, else `tax.lines`: a JSON array of
 *   `{ kind: 'vat' | 'withholding', label_jp, label_en, rate_bp, sign? }`;
 * - neither set: Japanese consumption tax 10% for JPY invoices, no lines for other currencies.
 */
export type TaxKind = 'vat' | 'withholding';

export interface TaxRule {
  kind: TaxKind;
  label_jp: string;
  label_en: string;
  /** Basis points: 1000 = 10%. */
  rate_bp: number;
  /** +1 adds the line, −1 deducts it; default +1 for vat, −1 for withholding. */
  sign?: 1 | -1;
}

export interface ComputedTaxLine {
  kind: TaxKind;
  label_jp: string;
  label_en: string;
  rate_bp: number;
  /** Signed minor units: negative for a deduction. */
  amount: number;
}

export interface TaxResult {
  subtotal: number;
  lines: ComputedTaxLine[];
  total: number;
}

export const DEFAULT_JPY_TAX: TaxRule = { kind: 'vat', label_jp: '消費税', label_en: 'Consumption tax', rate_bp: 1000 };

/** subtotal × rateBp / 10,000 rounded half away from zero, exactly. */
export function rateOf(subtotal: number, rateBp: number): number {
  if (!Number.isSafeInteger(subtotal)) throw new RangeError('subtotal must be a safe integer');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new RangeError('rate_bp must be an integer 0–10000');
  const product = BigInt(subtotal) * BigInt(rateBp);
  const magnitude = (product < 0n ? -product : product) + 5000n;
  const rounded = magnitude / 10_000n;
  return Number(product < 0n ? -rounded : rounded);
}

function signOf(rule: TaxRule): 1 | -1 {
  return rule.sign ?? (rule.kind === 'withholding' ? -1 : 1);
}

export function computeTax(subtotal: number, rules: readonly TaxRule[]): TaxResult {
  const lines = rules.map((rule) => ({
    kind: rule.kind,
    label_jp: rule.label_jp,
    label_en: rule.label_en,
    rate_bp: rule.rate_bp,
    // `+ 0` turns the -0 of a withholding on nothing into 0, so computed and stored lines compare equal.
    amount: signOf(rule) * rateOf(subtotal, rule.rate_bp) + 0,
  }));
  const total = lines.reduce((sum, line) => sum + line.amount, subtotal);
  return { subtotal, lines, total };
}

function isRule(value: unknown): value is TaxRule {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (v.kind === 'vat' || v.kind === 'withholding') &&
    typeof v.label_jp === 'string' &&
    typeof v.label_en === 'string' &&
    Number.isInteger(v.rate_bp) &&
    (v.rate_bp as number) >= 0 &&
    (v.rate_bp as number) <= 10_000 &&
    (v.sign === undefined || v.sign === 1 || v.sign === -1)
  );
}

/**
 * The tax rules for an invoice in `currency` from Holder.config. A value that is not valid JSON
 * or not a list of rules is ignored (the default applies) rather than failing every invoice.
 */
export function taxRulesFor(config: Readonly<Record<string, string>>, currency: string): TaxRule[] {
  for (const key of [`tax.lines.${currency}`, 'tax.lines']) {
    const raw = config[key];
    if (raw === undefined) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed) && parsed.every(isRule)) return parsed;
    } catch {
      // fall through to the default
    }
    console.warn(`[invoices] Holder.config ${key} is not a list of tax rules; using the default`);
    break;
  }
  return currency === 'JPY' ? [DEFAULT_JPY_TAX] : [];
}

/** Days from the period end to the due date: Holder.config `invoice.due_days` (default 30). */
export function dueDaysOf(config: Readonly<Record<string, string>>): number {
  const n = Number(config['invoice.due_days']);
  return Number.isInteger(n) && n >= 0 && n <= 365 ? n : 30;
}
