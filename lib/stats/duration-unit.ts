/** Units review durations are shown in, the smallest that keeps the longest bar readable. */
export type DurationUnit = 'minutes' | 'hours' | 'days';

const PER: Record<DurationUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

/**
 * The unit for a set of durations in minutes: minutes while the longest is under two hours,
 * hours while it is under three days, days beyond. Never rounds a short duration to nothing.
 */
export function durationUnit(minutes: readonly number[]): DurationUnit {
  const longest = Math.max(0, ...minutes.filter((m) => Number.isFinite(m)));
  if (longest < 120) return 'minutes';
  if (longest < 3 * 24 * 60) return 'hours';
  return 'days';
}

/** A duration in minutes in a unit, to one decimal. */
export function inUnit(minutes: number, unit: DurationUnit): number {
  return Math.round((minutes / PER[unit]) * 10) / 10;
}

/** How long a queue item has waited, in the unit a reader takes in at a glance. */
export type WaitUnit = 'minutes' | 'hours' | 'businessDays';

/**
 * Minutes under an hour, hours under a day (or while no business day has passed, over a
 * weekend), business days beyond: what the deadline is counted in.
 */
export function waitingIn(minutes: number, businessDays: number): { unit: WaitUnit; count: number } {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return { unit: 'minutes', count: m };
  if (m < 24 * 60 || businessDays === 0) return { unit: 'hours', count: Math.floor(m / 60) };
  return { unit: 'businessDays', count: businessDays };
}
