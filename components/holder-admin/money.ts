/** Digits after the decimal point of a currency (JPY 0, USD 2…), from the platform's Intl data. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount held in integer minor units, shown in the record's own currency. */
export function formatMoney(minor: number, currency: string, lang: 'jp' | 'en'): string {
  const digits = minorDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(lang === 'jp' ? 'ja-JP' : 'en-US', { style: 'currency', currency }).format(major);
  } catch {
    // An unknown currency code: the number and the code as sent.
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** YYYY-MM-DD of a timestamp (periods and due dates are days). */
export function formatDay(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toISOString().slice(0, 10);
}
