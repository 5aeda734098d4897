import { getConfig } from '../../config';
import type { ReviewerGroup, Subject } from './types';

const DAY = 24 * 3600 * 1000;

function isWeekday(t: number): boolean {
  const weekday = new Date(t).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** Whole business days (Monday to Friday, UTC) from one moment to another. */
export function businessDaysBetween(from: Date, to: Date): number {
  if (to <= from) return 0;
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const end = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  let count = 0;
  for (let t = start + DAY; t <= end; t += DAY) if (isWeekday(t)) count++;
  return count;
}

/**
 * Minutes from one moment to another that fall on business days (weekends left out, as
 * businessDaysBetween counts them): a review opened on Friday afternoon and decided on Monday
 * morning took the hours of Friday and Monday, not the weekend. 24 × 60 of them make a business day.
 */
export function businessMinutesBetween(from: Date, to: Date): number {
  let t = from.getTime();
  const end = to.getTime();
  let ms = 0;
  while (t < end) {
    const nextDay = Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), new Date(t).getUTCDate()) + DAY;
    const until = Math.min(nextDay, end);
    if (isWeekday(t)) ms += until - t;
    t = until;
  }
  return ms / 60_000;
}

/**
 * The deadline of something that has `days` business days from `from`: the end (UTC) of the
 * `days`-th business day after the day it started; past it, the item is overdue.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let t = from.getTime();
  let left = days;
  while (left > 0) {
    t += DAY;
    if (isWeekday(t)) left--;
  }
  const last = new Date(t);
  // The whole of the last business day still counts as in time.
  return new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate()) + DAY - 1);
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
