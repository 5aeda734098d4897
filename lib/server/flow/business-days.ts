import holidayJp from '@holiday-jp/holiday_jp';
import { getConfig } from '../../config';
import type { ReviewerGroup, Subject } from './types';

const DAY = 24 * 3600 * 1000;
// Japan keeps UTC+9 all year (no daylight saving), so a fixed offset is its time exactly.
const JAPAN = 9 * 3600 * 1000;

/**
 * The review calendar is the holder's, in Japan: a business day is a day in Japan time, Monday to
 * Friday, that is not a public holiday (national holidays, substitute holidays and citizens'
 * holidays, from holiday_jp's list, which runs to 2050; past it only weekends are left out). The
 * holidays of Golden Week do not count towards a review's deadline, and the whole of its last day
 * in Tokyo is still in time.
 *
 * The functions below work on "Japan clock" milliseconds: a moment plus nine hours, so that the
 * UTC fields of that number are the date and time on a Tokyo wall clock.
 */
const toJapanClock = (moment: Date) => moment.getTime() + JAPAN;
const fromJapanClock = (clock: number) => new Date(clock - JAPAN);
const startOfDay = (clock: number) => clock - (((clock % DAY) + DAY) % DAY);

/**
 * Days already told apart, by their number since 1970: a queue of 500 reviews asks about the same
 * few weeks thousands of times, and writing a date out to look it up was most of its time. There
 * are 366 days a year, so keeping every day asked about stays small.
 */
const businessDays = new Map<number, boolean>();

/** Whether the Japan-clock day that `clock` falls in is a business day. */
function isBusinessDay(clock: number): boolean {
  const dayNumber = Math.floor(clock / DAY);
  let known = businessDays.get(dayNumber);
  if (known === undefined) {
    const day = new Date(dayNumber * DAY);
    const weekday = day.getUTCDay();
    known = weekday !== 0 && weekday !== 6 && !Object.hasOwn(holidayJp.holidays, day.toISOString().slice(0, 10));
    businessDays.set(dayNumber, known);
  }
  return known;
}

/** Whole business days from one moment to another: those after the day it started, up to and including the day it ended. */
export function businessDaysBetween(from: Date, to: Date): number {
  if (to <= from) return 0;
  const end = startOfDay(toJapanClock(to));
  let count = 0;
  for (let day = startOfDay(toJapanClock(from)) + DAY; day <= end; day += DAY) if (isBusinessDay(day)) count++;
  return count;
}

/**
 * Minutes from one moment to another that fall on business days (as businessDaysBetween counts
 * them): a review opened on Friday afternoon and decided on Monday morning took the hours of
 * Friday and Monday, not the weekend. 24 × 60 of them make a business day.
 */
export function businessMinutesBetween(from: Date, to: Date): number {
  let clock = toJapanClock(from);
  const end = toJapanClock(to);
  let ms = 0;
  while (clock < end) {
    const until = Math.min(startOfDay(clock) + DAY, end);
    if (isBusinessDay(clock)) ms += until - clock;
    clock = until;
  }
  return ms / 60_000;
}

/**
 * The deadline of something that has `days` business days from `from`: the end, in Japan time, of
 * the `days`-th business day after the day it started; past it, the item is overdue.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let day = startOfDay(toJapanClock(from));
  let left = days;
  while (left > 0) {
    day += DAY;
    if (isBusinessDay(day)) left--;
  }
  // The whole of the last business day still counts as in time.
  return fromJapanClock(day + DAY - 1);
}

/**
 * Business days a group has to decide on a flow's record: Holder.config `review.sla.<flow>.<group>`,
 * else `review.sla.<flow>`, else `review.sla_business_days`, else the server's default.
 */
export function slaDays(config: Record<string, string>, subject: Subject, group: ReviewerGroup): number {
  for (const key of [`review.sla.${subject}.${group}`, `review.sla.${subject}`, 'review.sla_business_days']) {
    const value = Number(config[key]);
    if (config[key] !== undefined && Number.isFinite(value) && value >= 0) return value;
  }
  return Number(getConfig().reviewSlaBusinessDays);
}
