import type { Db } from '../db/client';
import type { StatsPeriod } from './period';
import {
  licenseStates,
  reviewThroughput,
  reviewTimes,
  salesByMonth,
  topDesigners,
  topIps,
  topLicensees,
  type StatsTable,
} from './queries';

/** The charts of the holder statistics page, in page order. */
export const CHART_IDS = ['monthly', 'licensees', 'ips', 'designers', 'throughput', 'steps', 'licenses'] as const;
export type ChartId = (typeof CHART_IDS)[number];

/** Where each chart's figures come from: sales charts read the sales_monthly pre-aggregation. */
export const CHART_SOURCE: Record<ChartId, 'sales_monthly' | 'reviews' | 'licenses'> = {
  monthly: 'sales_monthly',
  licensees: 'sales_monthly',
  ips: 'sales_monthly',
  designers: 'sales_monthly',
  throughput: 'reviews',
  steps: 'reviews',
  licenses: 'licenses',
};

const QUERIES: Record<ChartId, (db: Db, p: StatsPeriod) => Promise<StatsTable>> = {
  monthly: salesByMonth,
  licensees: topLicensees,
  ips: topIps,
  designers: topDesigners,
  throughput: reviewThroughput,
  steps: reviewTimes,
  licenses: (db) => licenseStates(db),
};

export function isChartId(value: string): value is ChartId {
  return (CHART_IDS as readonly string[]).includes(value);
}

export function runChart(db: Db, chart: ChartId, period: StatsPeriod): Promise<StatsTable> {
  return QUERIES[chart](db, period);
}
