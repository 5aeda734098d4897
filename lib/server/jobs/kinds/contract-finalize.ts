import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { finalizeContract } from '../../contracts/store';
import { contracts } from '../../db/platform-schema';
import { defineJob, PermanentJobError } from '../define';
import { contractLabels } from '../labels';

/**
 * The signed agreement of a countersigned contract (its pages, the signature page and the audit
 * trail). Rendered with no lock held; recorded with the job's completion, and a contract that
 * has its signed agreement already is left as it is.
 */
export const contractFinalizeJob = defineJob({
  kind: 'contract.finalize',
  lane: 'documents',
  payload: z.object({ contract: z.string() }),
  subject: (p) => p.contract,
  once: true,
  maxAttempts: 8,
  backoffMs: [2_000, 10_000, 60_000, 5 * 60_000, 15 * 60_000],
  labels: contractLabels,
  leaseMs: 2 * 60_000,
  async run({ contract: key }, ctx) {
    const [contract] = await ctx.db.select().from(contracts).where(eq(contracts.key, key));
    if (!contract) throw new PermanentJobError(`contract ${key} does not exist`);
    const row = await finalizeContract(ctx.db, contract, (record) =>
      ctx.complete(record, (c) => ({ outcome: c.finalFile ? 'finalized' : 'not_signed', final: c.finalFile })),
    );
    if (row === contract) await ctx.complete(undefined, () => ({ outcome: contract.finalFile ? 'finalized' : 'not_signed' }));
  },
});
