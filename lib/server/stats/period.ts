import { japanMonth } from '../../format/japan-calendar';
import { fieldError } from '../common/field-error';
import type { Lang } from '../../validation/messages';
import type { StatsQueryInput } from './inputs';

export interface StatsPeriod {
  /** First month, YYYY-MM. */
  from: string;
  /** Last month, YYYY-MM (included). */
  to: string;
  currency: string;
  limit: number;
}

/** The longest period one request may ask for: ten years of months. */
export const MAX_MONTHS = 120;

export function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

export function monthAt(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function monthsOf(period: Pick<StatsPeriod, 'from' | 'to'>): string[] {
  const out: string[] = [];
  for (let i = monthIndex(period.from); i <= monthIndex(period.to); i++) out.push(monthAt(i));
  return out;
}

/** Defaults: the twelve months up to the one running in Japan, JPY, top 10; from after to or a span too long is status 5. */
export function resolvePeriod(input: StatsQueryInput, lang: Lang, now = new Date()): StatsPeriod {
  const current = japanMonth(now);
  const to = input.to ?? (input.from && monthIndex(input.from) > monthIndex(current) ? input.from : current);
  const from = input.from ?? monthAt(monthIndex(to) - 11);
  if (monthIndex(from) > monthIndex(to)) {
    throw fieldError(lang, {
      from: { message: { jp: '開始月は終了月以前にしてください。', en: 'The first month must not be after the last month.' } },
    });
  }
  if (monthIndex(to) - monthIndex(from) + 1 > MAX_MONTHS) {
    throw fieldError(lang, {
      from: {
        message: { jp: `期間は${MAX_MONTHS}か月以内にしてください。`, en: `The period may span at most ${MAX_MONTHS} months.` },
        code: 'tooLarge',
      },
    });
  }
  return { from, to, currency: input.currency ?? 'JPY', limit: input.limit ?? 10 };
}
