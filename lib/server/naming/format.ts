import { formatMoney as formatMinorUnits } from '../../../components/kit/format/money';
import { fullName } from '../../format/person-name';
import { dateTimeFormat } from '../../format/intl-cache';

/**
 * Dates, money and people as a reader of each language reads them: Japanese first (Japan time,
 * 2026年4月1日, family name first), English second (1 Apr 2026, UTC stated).
 */
export type Lang = 'jp' | 'en';

const TOKYO = 'Asia/Tokyo';

function asDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day a moment falls on in Japan, as a UTC midnight (how days are formatted). */
export function japanDay(moment: Date): Date {
  const day = dateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment);
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * A calendar day (a period's start or end, a term, a due date). These are stored as UTC
 * midnights, so they are read in UTC whatever the reader's zone: 1 April stays 1 April.
 */
export function formatDay(value: unknown, lang: Lang): string {
  const date = asDate(value);
  if (!date) return '';
  return lang === 'jp'
    ? `${date.getUTCFullYear()}年${date.getUTCMonth() + 1}月${date.getUTCDate()}日`
    : dateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A moment (when something happened): Japan time on jp, UTC stated on en. */
export function formatTime(value: unknown, lang: Lang): string {
  const date = asDate(value);
  if (!date) return '';
  if (lang === 'jp') {
    const parts = dateTimeFormat('ja-JP', {
      timeZone: TOKYO,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).formatToParts(date);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}年${part('month')}月${part('day')}日 ${part('hour')}:${part('minute')}`;
  }
  const day = dateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
  return `${day}, ${date.toISOString().slice(11, 16)} UTC`;
}

function isWholeMonth(start: Date, end: Date): boolean {
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  return (
    start.getUTCDate() === 1 &&
    end.getUTCFullYear() === start.getUTCFullYear() &&
    end.getUTCMonth() === start.getUTCMonth() &&
    end.getUTCDate() === lastDay
  );
}

/** A period: a whole calendar month as "2026年4月分" / "April 2026", anything else as its two days. */
export function formatPeriod(startValue: unknown, endValue: unknown, lang: Lang): string {
  const start = asDate(startValue);
  const end = asDate(endValue);
  if (!start || !end) return formatDay(start ?? end, lang);
  if (isWholeMonth(start, end)) {
    return lang === 'jp'
      ? `${start.getUTCFullYear()}年${start.getUTCMonth() + 1}月分`
      : dateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(start);
  }
  return lang === 'jp'
    ? `${formatDay(start, lang)}〜${formatDay(end, lang)}`
    : `${formatDay(start, lang)} – ${formatDay(end, lang)}`;
}

/** An amount held in integer minor units, in its currency as the reader's language writes it. */
export function formatMoney(minor: unknown, currency: unknown, lang: Lang): string {
  if (typeof minor !== 'number' || !Number.isFinite(minor)) return '';
  const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'JPY';
  return formatMinorUnits(minor, code, lang);
}

export interface PersonNames {
  first_name?: string | null;
  last_name?: string | null;
  nickname?: string | null;
  email?: string | null;
}

/**
 * A person by name: family name first on jp (山田 花子), given name first on en (Hanako Yamada);
 * their nickname or address when they gave no name. Never their account key: an account that is
 * gone reads as such.
 */
export function personName(person: PersonNames | null | undefined, lang: Lang): string {
  const full = fullName({ first: person?.first_name, last: person?.last_name }, lang);
  if (full) return full;
  if (person?.nickname?.trim()) return person.nickname.trim();
  if (person?.email?.trim()) return person.email.trim();
  return lang === 'jp' ? '（削除されたアカウント）' : '(deleted account)';
}

/** Long names are cut where a line would overflow, ending with ' ...' (SPEC §9 breadcrumb rule). */
export function cut(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)} ...` : text;
}
