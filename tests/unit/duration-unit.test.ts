import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { inUnit, stepUnit, waitingIn } from '@/lib/stats/duration-unit';
import { stepDatasets } from '@/components/stats/chart-specs';
import { chartSummary } from '@/components/stats/ChartCanvas';
import type { StatsChartData } from '@/components/stats/api';

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

  it('the step-time chart: minutes under two hours, hours under two days, business days beyond, from the longest', () => {
    expect(stepUnit([])).toBe('minutes');
    expect(stepUnit([0.4, 12, 90])).toBe('minutes');
    expect(stepUnit([0.4, 119.9])).toBe('minutes');
    expect(stepUnit([5, 120])).toBe('hours');
    expect(stepUnit([5, 600])).toBe('hours');
    expect(stepUnit([5, 2 * 24 * 60 - 1])).toBe('hours');
    expect(stepUnit([5, 2 * 24 * 60])).toBe('businessDays');
    expect(stepUnit([5, 5 * 24 * 60, Number.NaN])).toBe('businessDays');
    expect(inUnit(0.4, 'minutes')).toBe(0.4);
    expect(inUnit(90, 'hours')).toBe(1.5);
  });
});

describe('the step-time chart draws and says its unit', () => {
  const t = ((key: string) => `«${key}»`) as unknown as TFunction;
  const table = (rows: [number, number, number, number][]): StatsChartData =>
    ({
      chart: 'steps',
      currency: 'JPY',
      columns: [
        'subject',
        'step',
        'group',
        'decided',
        'median_minutes',
        'avg_minutes',
        'median_business_days',
        'avg_business_days',
      ],
      rows: rows.map(([median, avg, bMedian, bAvg]) => ['license', 'in_review', 'legal', 1, median, avg, bMedian, bAvg]),
    }) as unknown as StatsChartData;

  it('short decisions in minutes, never rounded to nothing', () => {
    const spec = stepDatasets(table([[0.4, 0.6, 0, 0]]), t);
    expect(spec.datasets.map((d) => d.data)).toEqual([[0.4], [0.6]]);
    expect(spec.datasets[0]!.label).toBe('«col.median_minutes»');
    expect(spec.unit).toEqual({ axis: '«unit.minutes.axis»', suffix: '«unit.minutes.suffix»' });
  });

  it('a day in hours', () => {
    const spec = stepDatasets(table([[30, 1500, 0.02, 1.04]]), t);
    expect(spec.datasets.map((d) => d.data)).toEqual([[0.5], [25]]);
    expect(spec.unit?.axis).toBe('«unit.hours.axis»');
  });

  it('beyond two days, the business days the server counted (weekends and holidays left out), not calendar days', () => {
    // Friday to the next Wednesday: 5 calendar days elapsed, 3 business days.
    const spec = stepDatasets(table([[5 * 24 * 60, 5 * 24 * 60, 3, 3]]), t);
    expect(spec.datasets.map((d) => d.data)).toEqual([[3], [3]]);
    expect(spec.datasets[1]!.label).toBe('«col.avg_business_days»');
    expect(spec.unit?.axis).toBe('«unit.businessDays.axis»');
  });

  it('the text alternative names the unit and writes each value with it', () => {
    const summary = chartSummary(
      'Time per step',
      {
        kind: 'bar',
        labels: ['License · In review · Legal'],
        datasets: [{ label: 'Median', data: [1.5] }],
        lang: 'en',
        unit: { axis: 'Business days', suffix: ' business days' },
      },
      (v) => `${v} business days`,
    );
    expect(summary).toBe('Time per step (Business days). Median: License · In review · Legal 1.5 business days');
  });
});
