/**
 * Units the time per review step is charted in: minutes, hours, or business days (weekends and
 * Japanese public holidays left out, lib/server/flow/business-days.ts), the smallest that keeps the longest bar readable.
 */
export type StepUnit = 'minutes' | 'hours' | 'businessDays';

const PER: Record<Exclude<StepUnit, 'businessDays'>, number> = { minutes: 1, hours: 60 };

/**
 * The unit for a chart of durations (elapsed minutes): minutes while the longest is under two
 * hours, hours while it is under two days, business days beyond. Never rounds a short duration
 * to nothing, and a week's wait reads as 5 business days, not 168 hours.
 */
export function stepUnit(minutes: readonly number[]): StepUnit {
  const longest = Math.max(0, ...minutes.filter((m) => Number.isFinite(m)));
  if (longest < 120) return 'minutes';
  if (longest < 2 * 24 * 60) return 'hours';
  return 'businessDays';
}

/** Elapsed minutes in minutes or hours, to one decimal. */
export function inUnit(minutes: number, unit: Exclude<StepUnit, 'businessDays'>): number {
  return Math.round((minutes / PER[unit]) * 10) / 10;
}

/** How long a queue item has waited, in the unit a reader takes in at a glance. */
export type WaitUnit = 'minutes' | 'hours' | 'businessDays';

/**
 * Minutes under an hour, hours under a day (or while no business day has passed, over a
 * weekend or a holiday), business days beyond: what the deadline is counted in.
 */
export function waitingIn(minutes: number, businessDays: number): { unit: WaitUnit; count: number } {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return { unit: 'minutes', count: m };
  if (m < 24 * 60 || businessDays === 0) return { unit: 'hours', count: Math.floor(m / 60) };
  return { unit: 'businessDays', count: businessDays };
}
