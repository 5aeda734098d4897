import { getConfig } from '../../config';

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

/** A report made at `now` for a period ending on periodEnd is late when now's day is after its due day. */
export function isLate(periodEnd: Date | string, days: number, now: Date): boolean {
  return dayOf(now) > dueDay(periodEnd, days);
}

/** First and last day of the calendar month before the one `now` is in. */
export function lastFullMonth(now: Date): { start: string; end: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const start = new Date(Date.UTC(y, m - 1, 1));
  const end = new Date(Date.UTC(y, m, 0));
  return { start: dayOf(start), end: dayOf(end) };
}

/** The latest calendar month whose reports were due before `now` (its due day has passed). */
export function latestOverdueMonth(now: Date, days: number): { start: string; end: string } {
  let month = lastFullMonth(now);
  while (dayOf(now) <= dueDay(month.end, days)) month = lastFullMonth(new Date(`${month.start}T00:00:00.000Z`));
  return month;
}
