import { dateTimeFormat } from './intl-cache';

/**
 * The holder's calendar is Japan's: a day, and so a month, ends when it ends in Tokyo. From 15:00
 * UTC on a month's last day the month is over there, and reports for it are due, while a UTC
 * calendar would still be in it for nine hours. Server and pages read the day here.
 */

/** Today's calendar day in Japan, as YYYY-MM-DD. */
export function japanToday(now: Date = new Date()): string {
  return dateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** First and last calendar day of a month given as YYYY-MM. */
export function monthDays(month: string): { start: string; end: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { start: `${month}-01`, end: new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10) };
}

/** The calendar month in Japan `offset` months from the one running there now, as YYYY-MM. */
export function japanMonth(now: Date = new Date(), offset = 0): string {
  const [year, month] = japanToday(now).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 7);
}
