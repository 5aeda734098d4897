/** Currencies offered in forms; money is stored in each currency's minor units. */
export const CURRENCIES = ['JPY', 'USD', 'EUR', 'GBP', 'CNY', 'KRW', 'TWD', 'HKD', 'SGD'] as const;

/** Decimals of a currency's minor unit (JPY 0, USD 2), as Intl knows them. */
export function digitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 0;
  } catch {
    return 0;
  }
}

/**
 * An amount typed in major units ("1,200.50") as integer minor units, by string arithmetic so no
 * float rounding creeps in. Empty text is 0; anything else that is not a plain amount with at most
 * the currency's decimals answers null.
 */
export function toMinor(value: string, currency: string): number | null {
  const clean = value.replace(/[,\s]/g, '');
  if (clean === '') return 0;
  const digits = digitsOf(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(clean);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(match[1]! + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units back to the text a major-unit field shows ("1200.50"). */
export function fromMinor(amount: unknown, currency: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  const digits = digitsOf(currency);
  if (digits === 0) return String(amount);
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return `${amount < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A percentage typed with up to two decimals ("12.5") as basis points (1250); null when not one. */
export function percentToBp(value: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]!) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Comma- or newline-separated text as a list of trimmed, non-empty, distinct items. */
export function listOf(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[,、\n]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
