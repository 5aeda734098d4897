/**
 * Money as the platform keeps it (integer minor units: yen, cents) and as people read and type it.
 * One module for the forms' money and percentage controls, the tables' amount cells and the charts.
 */
import { numberFormat } from './intl-cache';

export type Lang = 'jp' | 'en';

/** Currencies offered in forms; money is stored in each currency's minor units. */
export const CURRENCIES = ['JPY', 'USD', 'EUR', 'GBP', 'CNY', 'KRW', 'TWD', 'HKD', 'SGD'] as const;

export function localeOf(lang: Lang): string {
  return lang === 'jp' ? 'ja-JP' : 'en-US';
}

/** Decimals of a currency's minor unit (JPY 0, USD 2, BHD 3), as Intl knows them. */
export function minorDigits(currency: string): number {
  try {
    return numberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 0;
  } catch {
    return 0;
  }
}

/** An amount in minor units, shown in its own currency ("¥1,200", "$12.50"); '' when not a number. */
export function formatMoney(minor: unknown, currency: unknown, lang: Lang): string {
  if (typeof minor !== 'number' || !Number.isFinite(minor)) return '';
  const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'JPY';
  const digits = minorDigits(code);
  try {
    return numberFormat(localeOf(lang), { style: 'currency', currency: code }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${code}`;
  }
}

/** Basis points as a percentage: 1250 → "12.5%". */
export function formatRate(bp: unknown, lang: Lang): string {
  if (typeof bp !== 'number' || !Number.isFinite(bp)) return '';
  return `${numberFormat(localeOf(lang), { maximumFractionDigits: 2 }).format(bp / 100)}%`;
}

/**
 * An amount typed in major units ("1,200.50") as integer minor units, by string arithmetic so no
 * float rounding creeps in. Empty text is null; anything that is not a plain amount with at most
 * the currency's decimals is undefined.
 */
export function toMinor(value: string, currency: string): number | null | undefined {
  const clean = value.replace(/[,\s，]/g, '').replace(/[０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  if (clean === '') return null;
  const digits = minorDigits(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(clean);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return undefined;
  const minor = Number(match[1]! + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Minor units back to the text a major-unit field shows ("1200.50"). */
export function fromMinor(amount: unknown, currency: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  const digits = minorDigits(currency);
  if (digits === 0) return String(amount);
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return `${amount < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A percentage typed with up to two decimals ("12.5") as basis points (1250); empty is null, else undefined. */
export function percentToBp(value: string): number | null | undefined {
  const clean = value.trim();
  if (clean === '') return null;
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(clean);
  if (!match) return undefined;
  const bp = Number(match[1]!) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : undefined;
}

/** Basis points as the text a percentage field shows (1250 → "12.5"). */
export function bpToPercent(bp: unknown): string {
  if (typeof bp !== 'number' || !Number.isFinite(bp)) return '';
  return String(bp / 100);
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

/** YYYY-MM-DD of a timestamp (periods and due dates are days); '—' when there is none. */
export function formatDay(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toISOString().slice(0, 10);
}

/** An exchange rate kept as JPY per unit in millionths, shown as yen with its decimals (151250000 → "¥151.25"). */
export function formatJpyRate(rateMicro: unknown, lang: Lang): string {
  if (typeof rateMicro !== 'number' || !Number.isFinite(rateMicro)) return '';
  return numberFormat(localeOf(lang), {
    style: 'currency',
    currency: 'JPY',
    minimumFractionDigits: 0,
    maximumFractionDigits: 6,
  }).format(rateMicro / 1_000_000);
}
