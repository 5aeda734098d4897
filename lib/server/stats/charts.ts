import { CHART_IDS, type ChartId } from '../../stats/chart-ids';
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

export { CHART_IDS, type ChartId };

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
