import { dateTimeFormat } from './intl-cache';
/** Timestamps below about 1.0e12 are seconds (SPEC §9) and are turned into milliseconds. */
export const SECONDS_THRESHOLD = 1.0e12;

export function toMillis(value: number): number {
  return Math.abs(value) < SECONDS_THRESHOLD ? value * 1000 : value;
}

/** A Date, or null when it is invalid (e.g. a number beyond the ±8.64e15 ms range of Date). */
function valid(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Accepts milliseconds, seconds, ISO strings or dates; null when the value is not a time. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return valid(value);
  if (typeof value === 'number') return Number.isFinite(value) ? valid(new Date(toMillis(value))) : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const numeric = Number(value);
    if (Number.isFinite(numeric)) return valid(new Date(toMillis(numeric)));
    return valid(new Date(value));
  }
  return null;
}

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * `YYYY-MM-DD HH:mm:ss` in local time, or the fallback (e.g. 'n/a') for a missing or invalid
 * time. Written out rather than through a date library: nearly every page shows times, and one
 * fixed format is not worth a library in each page's JavaScript (DESIGN §10).
 */
export function formatDateTime(value: unknown, fallback = 'n/a'): string {
  const date = toDate(value);
  if (!date) return fallback;
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** An ISO timestamp in UTC written with an explicit +00:00 offset (SPEC §9). */
export function isoUtc(date: Date = new Date()): string {
  return date.toISOString().replace('Z', '+00:00');
}

const JP_UNITS: [number, string][] = [
  [365 * 24 * 3600, '年'],
  [30 * 24 * 3600, 'か月'],
  [24 * 3600, '日'],
  [3600, '時間'],
  [60, '分'],
  [1, '秒'],
];
const EN_UNITS: [number, string][] = [
  [365 * 24 * 3600, 'year'],
  [30 * 24 * 3600, 'month'],
  [24 * 3600, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** Relative time ('3時間前' / '3 hours ago'); Japanese units for jp (SPEC §9). */
export function relativeTime(value: unknown, lang: 'jp' | 'en', now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return 'n/a';
  const diff = Math.round((now.getTime() - date.getTime()) / 1000);
  const past = diff >= 0;
  const abs = Math.abs(diff);
  if (abs < 5) return lang === 'jp' ? 'たった今' : 'just now';
  const units = lang === 'jp' ? JP_UNITS : EN_UNITS;
  const [size, unit] = units.find(([s]) => abs >= s) ?? units[units.length - 1]!;
  const n = Math.floor(abs / size);
  if (lang === 'jp') return `${n}${unit}${past ? '前' : '後'}`;
  const plural = n === 1 ? unit : `${unit}s`;
  return past ? `${n} ${plural} ago` : `in ${n} ${plural}`;
}

/** A moment as people at the holder read it: Japan time, Japanese style on jp, English on en. */
export function formatJapanTime(value: string | Date, lang: 'jp' | 'en'): string {
  return dateTimeFormat(lang === 'jp' ? 'ja-JP' : 'en-GB', {
    timeZone: 'Asia/Tokyo',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));
}
