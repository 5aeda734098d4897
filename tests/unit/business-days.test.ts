import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, businessMinutesBetween } from '@/lib/server/flow/business-days';

/** A moment given as a Tokyo wall-clock time. */
const tokyo = (local: string) => new Date(`${local}+09:00`);
/** The Tokyo calendar day and weekday of a moment. */
const tokyoDay = (moment: Date) => new Date(moment.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 10);

describe('business days follow the holder’s calendar in Japan', () => {
  it('count days in Japan time: 01:00 on a Friday in Tokyo is still Thursday in UTC', () => {
    // Opened early on Friday 4 December in Tokyo: one business day later is Monday 7 December,
    // and the whole of that day in Tokyo is in time.
    const deadline = addBusinessDays(tokyo('2026-12-04T01:00:00'), 1);
    expect(deadline.toISOString()).toBe('2026-12-07T14:59:59.999Z');
    expect(deadline.getTime()).toBe(tokyo('2026-12-07T23:59:59.999').getTime());
  });

  it('leave out public holidays: Labour Thanksgiving on a Monday, Silver Week’s citizens’ holiday', () => {
    // Friday 20 November 2026, then the weekend and Monday 23 November (勤労感謝の日).
    expect(tokyoDay(addBusinessDays(tokyo('2026-11-20T10:00:00'), 1))).toBe('2026-11-24');
    // 21 September (敬老の日), 22 September (国民の休日), 23 September (秋分の日) in 2026.
    expect(tokyoDay(addBusinessDays(tokyo('2026-09-18T10:00:00'), 1))).toBe('2026-09-24');
  });

  it('skip Golden Week and New Year’s Day', () => {
    // Wednesday 28 April 2027: 29 April (昭和の日) is out, Friday 30 April counts, 3–5 May are out.
    expect(tokyoDay(addBusinessDays(tokyo('2027-04-28T10:00:00'), 2))).toBe('2027-05-06');
    // Thursday 31 December 2026: 1 January 2027 (元日) is a Friday.
    expect(tokyoDay(addBusinessDays(tokyo('2026-12-31T10:00:00'), 1))).toBe('2027-01-04');
  });

  it('count whole business days waited by the same calendar', () => {
    expect(businessDaysBetween(tokyo('2027-04-30T10:00:00'), tokyo('2027-05-06T10:00:00'))).toBe(1);
    expect(businessDaysBetween(tokyo('2026-12-04T01:00:00'), tokyo('2026-12-07T00:30:00'))).toBe(1);
    expect(businessDaysBetween(tokyo('2026-12-07T10:00:00'), tokyo('2026-12-07T09:00:00'))).toBe(0);
  });

  it('count business minutes by the same calendar (27 November 2026 is a Friday)', () => {
    // Within one weekday: the elapsed time.
    expect(businessMinutesBetween(tokyo('2026-11-25T09:00:00'), tokyo('2026-11-25T09:45:00'))).toBe(45);
    // Friday 15:00 to Monday 09:00: nine hours on Friday, nine on Monday, the weekend left out.
    expect(businessMinutesBetween(tokyo('2026-11-27T15:00:00'), tokyo('2026-11-30T09:00:00'))).toBe(18 * 60);
    // Opened and decided on the weekend: no business time.
    expect(businessMinutesBetween(tokyo('2026-11-28T10:00:00'), tokyo('2026-11-29T18:00:00'))).toBe(0);
    // A whole week, Monday to Monday: five business days.
    expect(businessMinutesBetween(tokyo('2026-11-30T10:00:00'), tokyo('2026-12-07T10:00:00'))).toBe(5 * 24 * 60);
    // Backwards or empty: nothing.
    expect(businessMinutesBetween(tokyo('2026-11-25T10:00:00'), tokyo('2026-11-25T10:00:00'))).toBe(0);
    expect(businessMinutesBetween(tokyo('2026-11-25T10:00:00'), tokyo('2026-11-24T10:00:00'))).toBe(0);
  });

  it('count business minutes over a holiday Monday: Friday evening to Tuesday morning', () => {
    // 17:00–24:00 on Friday 20 November and 00:00–10:00 on Tuesday 24 November 2026.
    expect(businessMinutesBetween(tokyo('2026-11-20T17:00:00'), tokyo('2026-11-24T10:00:00'))).toBe(17 * 60);
    expect(businessMinutesBetween(tokyo('2026-11-21T09:00:00'), tokyo('2026-11-23T18:00:00'))).toBe(0);
  });

  it('a deadline is the end of a business day in Tokyo, that many business days after the day it started', () => {
    const moments = fc.date({
      min: new Date('2024-01-01T00:00:00Z'),
      max: new Date('2049-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(moments, fc.integer({ min: 1, max: 30 }), (from, days) => {
        const deadline = addBusinessDays(from, days);
        expect(businessDaysBetween(from, deadline)).toBe(days);
        // A millisecond later is the next day in Tokyo.
        expect(tokyoDay(new Date(deadline.getTime() + 1))).not.toBe(tokyoDay(deadline));
        // That day is itself a business day: the minutes of it up to the deadline are all counted.
        const startOfDay = tokyo(`${tokyoDay(deadline)}T00:00:00`);
        expect(businessMinutesBetween(startOfDay, new Date(deadline.getTime() + 1))).toBe(24 * 60);
      }),
      { numRuns: 300 },
    );
  });
});
