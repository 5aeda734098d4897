import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api, errorsOf } from '@/lib/client/api';
import { japanMonth } from '@/lib/format/japan-calendar';
import type { ChartId } from '@/lib/stats/chart-ids';

export type Cell = string | number | null;

/** GET /api/stats/{chart}: the table behind one chart. */
export interface StatsChartData {
  chart: ChartId;
  from: string;
  to: string;
  currency: string;
  source: string;
  columns: string[];
  rows: Cell[][];
}

export interface StatsFilter {
  from: string;
  to: string;
  currency: string;
}

export function filterQuery(filter: StatsFilter): string {
  return new URLSearchParams({ from: filter.from, to: filter.to, currency: filter.currency }).toString();
}

export class StatsError extends Error {
  constructor(readonly errors: Record<string, string> | null) {
    super('stats');
  }
}

/** One chart's table for the applied filter; a status 5 answer rejects with its per-field errors. */
export function useStatsChart(chart: ChartId, filter: StatsFilter) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  const query = filterQuery(filter);
  return useSWR(token ? ['stats', chart, query, token] : null, async (): Promise<StatsChartData> => {
    const { from, to, currency } = filter;
    const answer = await api.GET('/api/stats/{chart}', { params: { path: { chart }, query: { from, to, currency } }, token });
    if (answer?.status === 0) return answer.data;
    const errors = errorsOf(answer);
    throw new StatsError(Object.keys(errors).length ? errors : null);
  });
}

/** The twelve months up to the one running in Japan (the API's default too). */
export function defaultFilter(now = new Date()): StatsFilter {
  return { from: japanMonth(now, -11), to: japanMonth(now), currency: 'JPY' };
}
