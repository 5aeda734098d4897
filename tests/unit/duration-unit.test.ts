import { describe, expect, it } from 'vitest';
import { durationUnit, inUnit, waitingIn } from '@/lib/stats/duration-unit';

describe('durations in the unit that fits', () => {
  it('queues: minutes under an hour, hours under a day, business days beyond', () => {
    expect(waitingIn(0, 0)).toEqual({ unit: 'minutes', count: 0 });
    expect(waitingIn(42.9, 0)).toEqual({ unit: 'minutes', count: 42 });
    expect(waitingIn(60, 0)).toEqual({ unit: 'hours', count: 1 });
    expect(waitingIn(23 * 60 + 59, 1)).toEqual({ unit: 'hours', count: 23 });
    expect(waitingIn(3 * 24 * 60, 2)).toEqual({ unit: 'businessDays', count: 2 });
    // Over a weekend no business day has passed: hours, never "0 business days".
    expect(waitingIn(50 * 60, 0)).toEqual({ unit: 'hours', count: 50 });
    expect(waitingIn(-5, 0)).toEqual({ unit: 'minutes', count: 0 });
  });

  it('the step-time chart: the smallest unit that keeps the longest bar readable, never rounding short ones to nothing', () => {
    expect(durationUnit([0.4, 12, 90])).toBe('minutes');
    expect(durationUnit([5, 600])).toBe('hours');
    expect(durationUnit([5, 5 * 24 * 60])).toBe('days');
    expect(inUnit(0.4, 'minutes')).toBe(0.4);
    expect(inUnit(90, 'hours')).toBe(1.5);
  });
});
