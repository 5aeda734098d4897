import type { TFunction } from 'i18next';
import type { ChartId } from '@/lib/stats/chart-ids';
import { inUnit, stepUnit, type StepUnit } from '@/lib/stats/duration-unit';
import type { StatsChartData } from './api';
import type { ChartSpec } from './chart-spec';

const col = (data: StatsChartData, name: string) => data.columns.indexOf(name);
const numbers = (data: StatsChartData, name: string) => data.rows.map((r) => Number(r[col(data, name)] ?? 0));
const texts = (data: StatsChartData, name: string) => data.rows.map((r) => String(r[col(data, name)] ?? ''));

/** A row's label for the top-N charts: the record's reference and name, or "(unnamed)" for one deleted since. */
function names(data: StatsChartData, t: TFunction): string[] {
  const reference = col(data, 'reference');
  return data.rows.map((r) => {
    const name = r[col(data, 'name')];
    const label = [reference >= 0 ? r[reference] : null, name].filter(Boolean).join(' ');
    return label || t('unnamed');
  });
}

/** The table's columns for each unit of the step-time chart: elapsed minutes, or business days. */
const STEP_COLUMNS: Record<StepUnit, 'minutes' | 'hours' | 'business_days'> = {
  minutes: 'minutes',
  hours: 'hours',
  businessDays: 'business_days',
};

/**
 * Median and mean time per review step in the unit that fits the longest (lib/stats/duration-unit):
 * minutes or hours of elapsed time, or business days (weekends and public holidays left out, counted by the server with
 * the deadline's business-day rule), with the axis and the text alternative saying which.
 */
export function stepDatasets(data: StatsChartData, t: TFunction): Pick<ChartSpec, 'datasets' | 'unit'> {
  const median = numbers(data, 'median_minutes');
  const avg = numbers(data, 'avg_minutes');
  const unit = stepUnit([...median, ...avg]);
  const values = (which: 'median' | 'avg', minutes: number[]) =>
    unit === 'businessDays' ? numbers(data, `${which}_business_days`) : minutes.map((m) => inUnit(m, unit));
  return {
    datasets: [
      { label: t(`col.median_${STEP_COLUMNS[unit]}`), data: values('median', median) },
      { label: t(`col.avg_${STEP_COLUMNS[unit]}`), data: values('avg', avg) },
    ],
    unit: { axis: t(`unit.${unit}.axis`), suffix: t(`unit.${unit}.suffix`) },
  };
}

/** What each chart draws from its table (the same table the table toggle and the CSV show). */
export function chartSpec(chart: ChartId, data: StatsChartData, t: TFunction, lang: 'jp' | 'en'): ChartSpec {
  const money = { currency: data.currency, lang };
  switch (chart) {
    case 'monthly':
      return {
        kind: 'bar',
        labels: texts(data, 'month'),
        datasets: [
          { label: t('col.net_sales'), data: numbers(data, 'net_sales') },
          { label: t('col.royalty'), data: numbers(data, 'royalty'), line: true },
        ],
        ...money,
      };
    case 'licensees':
    case 'ips':
    case 'designers': {
      return {
        kind: 'bar',
        horizontal: true,
        labels: names(data, t),
        datasets: [{ label: t('col.royalty'), data: numbers(data, 'royalty') }],
        ...money,
      };
    }
    case 'throughput':
      return {
        kind: 'bar',
        stacked: true,
        labels: texts(data, 'month'),
        datasets: (['approved', 'rejected', 'changes_requested'] as const).map((state) => ({
          label: t(`col.${state}`),
          data: numbers(data, state),
          stack: 'decisions',
        })),
        lang,
      };
    case 'steps':
      return {
        kind: 'bar',
        horizontal: true,
        labels: data.rows.map((r) =>
          [
            t(`flow:subject.${String(r[col(data, 'subject')])}`),
            t(`flow:state.${String(r[col(data, 'step')] ?? '')}`),
            t(`flow:group.${String(r[col(data, 'group')] ?? '')}`),
          ].join(' · '),
        ),
        ...stepDatasets(data, t),
        lang,
      };
    case 'licenses':
      return {
        kind: 'doughnut',
        labels: texts(data, 'state').map((s) => t(`flow:state.${s}`)),
        datasets: [{ label: t('col.count'), data: numbers(data, 'count') }],
        lang,
      };
  }
}
