/** The charts of the holder statistics page, in page order (shared by the API and the page). */
export const CHART_IDS = ['monthly', 'licensees', 'ips', 'designers', 'throughput', 'steps', 'licenses'] as const;
export type ChartId = (typeof CHART_IDS)[number];

/** Columns holding money in integer minor units of the table's currency. */
export const MONEY_COLUMNS: readonly string[] = ['net_sales', 'royalty'];
