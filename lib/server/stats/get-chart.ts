import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { CHART_SOURCE, isChartId, runChart, type ChartId } from './charts';
import { statsQueryInput } from './inputs';
import { resolvePeriod, type StatsPeriod } from './period';
import type { StatsTable } from './queries';

export interface StatsChart extends StatsTable {
  chart: ChartId;
  from: string;
  to: string;
  currency: string;
  source: (typeof CHART_SOURCE)[ChartId];
}

/** `monthly` or `monthly.csv`: the chart and whether the CSV export is asked for; an unknown chart is not found. */
export function parseChartParam(param: unknown): { chart: ChartId; csv: boolean } {
  const raw = typeof param === 'string' ? param : '';
  const csv = raw.endsWith('.csv');
  const name = csv ? raw.slice(0, -4) : raw;
  if (!isChartId(name)) throw new AppError('not_found', 'no such chart');
  return { chart: name, csv };
}

/**
 * GET /api/stats/{chart}: the table behind one chart of the holder statistics for a period
 * (from/to months) and one currency; money in integer minor units, never summed across currencies.
 */
export async function getStatsChart(
  db: Db,
  caller: Pick<Caller, 'lang'>,
  chart: ChartId,
  query: Record<string, unknown>,
): Promise<StatsChart> {
  // The route's own segment arrives among the query parameters; the rest are the period.
  const rest = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'chart'));
  const period: StatsPeriod = resolvePeriod(validateInput(statsQueryInput, rest, caller.lang), caller.lang);
  const table = await runChart(db, chart, period);
  return { chart, from: period.from, to: period.to, currency: period.currency, source: CHART_SOURCE[chart], ...table };
}

export function csvFileName(result: StatsChart): string {
  return `stats-${result.chart}-${result.currency}-${result.from}-${result.to}.csv`;
}
