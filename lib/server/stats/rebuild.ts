import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { statsRebuildInput } from './inputs';
import { rebuildSalesMonthly } from './rollup';

/** POST /api/stats/rebuild (admin): sales_monthly filled again from the sales rows; how long it took. */
export async function rebuildStats(db: Db, caller: Caller, body: unknown): Promise<{ groups: number; rows: number; ms: number }> {
  validateInput(statsRebuildInput, body ?? {}, caller.lang);
  const started = performance.now();
  const result = await rebuildSalesMonthly(db);
  return { ...result, ms: Math.round(performance.now() - started) };
}
