import { z } from 'zod';
import { renderPreparedContract } from '../../contracts/store';
import { defineJob } from '../define';
import { contractLabels } from '../labels';

/**
 * The PDF of a contract revision that is being prepared (asked for when a license is approved,
 * sent with changed terms, or its terms changed before countersigning). Rendered with no lock
 * held; filled in together with the job's completion, so a job killed and run again never makes
 * a second PDF of one revision. A revision voided meanwhile is left as it is.
 */
export const contractRenderJob = defineJob({
  kind: 'contract.render',
  lane: 'documents',
  payload: z.object({ contract: z.string() }),
  subject: (p) => p.contract,
  once: true,
  maxAttempts: 8,
  backoffMs: [2_000, 10_000, 60_000, 5 * 60_000, 15 * 60_000],
  labels: contractLabels,
  leaseMs: 2 * 60_000,
  async run({ contract }, ctx) {
    let rendered = false;
    await renderPreparedContract(ctx.db, contract, (record) => {
      rendered = true;
      return ctx.complete(record, (c) => ({ outcome: c?.file ? 'rendered' : 'not_needed', sha256: c?.sha256 ?? null }));
    });
    // A revision voided or filled in before this run: nothing to make.
    if (!rendered) await ctx.complete(undefined, () => ({ outcome: 'not_needed' }));
  },
});
