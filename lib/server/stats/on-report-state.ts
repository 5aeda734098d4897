import type { Db } from '../db/client';
import { recomputeReportGroups } from './rollup';

/**
 * Keeps the monthly sales roll-up in step with a royalty report's state. Called in the
 * transaction of every SalesReport state change (after its rows took the new state) and, with
 * `deleted`, by the delete of a report before its rows go. Any move may change what counts
 * (approved and invoiced do), so the report's groups are recomputed from the sales rows.
 */
export async function rollupOnReportState(tx: Db, report: string, to: string): Promise<void> {
  await recomputeReportGroups(tx, report, { excludeReport: to === 'deleted' });
}
