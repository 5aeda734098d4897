import { describe, expect, it } from 'vitest';
import { previousMonth } from '@/components/sales/api';
import { defaultFilter } from '@/components/stats/api';
import { japanMonth, japanToday, monthDays } from '@/lib/format/japan-calendar';
import { isLate, lastFullMonth, latestOverdueMonth } from '@/lib/server/sales/period';
import { resolvePeriod } from '@/lib/server/stats/period';
import type { StatsQueryInput } from '@/lib/server/stats/inputs';

// 15:00 UTC is midnight in Tokyo: on a month's last day the month ends there nine hours before UTC.
const beforeMidnightInTokyo = new Date('2026-11-30T14:59:59.999Z');
const afterMidnightInTokyo = new Date('2026-11-30T15:00:00.000Z');

describe("the holder's calendar is Japan's", () => {
  it('turns the day and the month at midnight in Tokyo', () => {
    expect(japanToday(beforeMidnightInTokyo)).toBe('2026-11-30');
    expect(japanToday(afterMidnightInTokyo)).toBe('2026-12-01');
    expect(japanMonth(beforeMidnightInTokyo)).toBe('2026-11');
    expect(japanMonth(afterMidnightInTokyo)).toBe('2026-12');
    expect(japanMonth(new Date('2026-12-31T15:00:00Z'), -1)).toBe('2026-12');
    expect(japanMonth(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01');
    expect(japanMonth(new Date('2027-01-15T00:00:00Z'), -11)).toBe('2026-02');
  });

  it("gives a month's first and last day, February's too", () => {
    expect(monthDays('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthDays('2027-02')).toEqual({ start: '2027-02-01', end: '2027-02-28' });
    expect(monthDays('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('makes the month just ended in Tokyo the one to report, on the home and the sales page', () => {
    expect(lastFullMonth(beforeMidnightInTokyo)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(lastFullMonth(afterMidnightInTokyo)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(lastFullMonth(new Date('2027-02-28T15:00:00Z'))).toEqual({ start: '2027-02-01', end: '2027-02-28' });
    expect(previousMonth(beforeMidnightInTokyo)).toBe('2026-10');
    expect(previousMonth(afterMidnightInTokyo)).toBe('2026-11');
  });

  it('keeps a report in time for the whole of its due day in Tokyo, and no longer', () => {
    // October's report, due ten days after the month: 10 November.
    expect(isLate('2026-10-31', 10, new Date('2026-11-10T14:59:59Z'))).toBe(false);
    expect(isLate('2026-10-31', 10, new Date('2026-11-10T15:00:00Z'))).toBe(true);
    expect(latestOverdueMonth(new Date('2026-11-10T14:59:59Z'), 10)).toEqual({ start: '2026-09-01', end: '2026-09-30' });
    expect(latestOverdueMonth(new Date('2026-11-10T15:00:00Z'), 10)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
  });

  it("opens the statistics on the twelve months up to Japan's, in the page and the API", () => {
    const newYearInTokyo = new Date('2026-12-31T15:30:00Z');
    expect(defaultFilter(newYearInTokyo)).toMatchObject({ from: '2026-02', to: '2027-01' });
    const period = resolvePeriod({} as StatsQueryInput, 'jp', newYearInTokyo);
    expect(period).toMatchObject({ from: '2026-02', to: '2027-01' });
  });
});
