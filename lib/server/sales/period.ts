import { getConfig } from '../../config';
import { japanMonth, japanToday, monthDays } from '../../format/japan-calendar';

const DAY = 86_400_000;

/** The calendar day (UTC) of a stored date, as YYYY-MM-DD. */
export function dayOf(date: Date | string): string {
  return new Date(date).toISOString().slice(0, 10);
}

/** Days after a period's end its report is due: Holder.config 'sales.due_days', else SALES_REPORT_DUE_DAYS. */
export function dueDays(holderConfig: Record<string, string> | undefined): number {
  const configured = Number(holderConfig?.['sales.due_days']);
  return Number.isInteger(configured) && configured >= 0 ? configured : getConfig().salesReportDueDays;
}

/** The last day a report for the period ending on periodEnd is on time (YYYY-MM-DD). */
export function dueDay(periodEnd: Date | string, days: number): string {
  return dayOf(new Date(Date.parse(dayOf(periodEnd)) + days * DAY));
}

/**
 * A report made at `now` for a period ending on periodEnd is late when the day in Japan is after its
 * due day: the whole of the due day in Tokyo is in time, and no more.
 */
export function isLate(periodEnd: Date | string, days: number, now: Date): boolean {
  return japanToday(now) > dueDay(periodEnd, days);
}

/** First and last day of the calendar month before the one running in Japan at `now`. */
export function lastFullMonth(now: Date): { start: string; end: string } {
  return monthDays(japanMonth(now, -1));
}

/** The latest calendar month whose reports were due before `now` (its due day in Japan has passed). */
export function latestOverdueMonth(now: Date, days: number): { start: string; end: string } {
  const today = japanToday(now);
  let offset = -1;
  let month = monthDays(japanMonth(now, offset));
  while (today <= dueDay(month.end, days)) month = monthDays(japanMonth(now, --offset));
  return month;
}
