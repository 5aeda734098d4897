import { numberFormat } from '../../format/intl-cache';
// Asked once per row of a file: building a number format each time cost most of a row's check.
const decimalsOf = new Map<string, number>();

/** Decimals of a currency's minor unit (JPY 0, USD 2, BHD 3), from the platform's currency data. */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsOf.get(currency);
  if (decimals === undefined) {
    try {
      decimals = numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      decimals = 2;
    }
    if (decimalsOf.size < 1000) decimalsOf.set(currency, decimals);
  }
  return decimals;
}

const PLAIN_DIGITS = /^\d+$/;

export type Parsed = { ok: true; value: number } | { ok: false; problem: 'format' | 'decimals' | 'tooLarge' };

/**
 * A major-unit amount as written in a file or form ("1,234.50", 1234.5) in integer minor units,
 * without floating point: more decimals than the currency has are refused, never rounded.
 */
export function toMinorUnits(raw: unknown, decimals: number): Parsed {
  // The common case of a large file, plain digits: the same value the general way gives, without
  // its replace and match.
  if (typeof raw === 'string' && raw.length + decimals <= 15 && PLAIN_DIGITS.test(raw)) {
    return { ok: true, value: Number(raw) * 10 ** decimals };
  }
  let text = typeof raw === 'number' ? numberText(raw) : typeof raw === 'string' ? raw.trim() : '';
  text = text.replace(/[,\s_]/g, '');
  const m = /^\+?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return { ok: false, problem: 'format' };
  const whole = m[1]!;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return { ok: false, problem: 'decimals' };
  // Under 10^15 minor units plain numbers are exact (2^53 is about 9 × 10^15), and far quicker
  // than BigInt for the million amounts of a large file.
  if (whole.length + decimals <= 15) {
    return { ok: true, value: Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0') };
  }
  const minor = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: 'tooLarge' };
  return { ok: true, value: Number(minor) };
}

/** A count (units): a non-negative whole number. */
export function toCount(raw: unknown): Parsed {
  const parsed = toMinorUnits(raw, 0);
  if (!parsed.ok) return parsed.problem === 'decimals' ? { ok: false, problem: 'format' } : parsed;
  return parsed.value > 1_000_000_000 ? { ok: false, problem: 'tooLarge' } : parsed;
}

/** A spreadsheet number as plain digits (no exponent), so 1e21 or 0.1 + 0.2 never slip through. */
function numberText(n: number): string {
  if (!Number.isFinite(n) || n < 0) return 'x';
  const s = String(n);
  return /e/i.test(s) ? n.toLocaleString('en', { useGrouping: false, maximumFractionDigits: 20 }) : s;
}

/** Minor units shown as major units: 123456 JPY → "123456", 123456 USD → "1234.56". */
export function fromMinorUnits(value: number, decimals: number): string {
  if (decimals === 0) return String(value);
  const s = String(value).padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}
