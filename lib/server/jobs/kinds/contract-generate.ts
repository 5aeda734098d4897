import { z } from 'zod';
import { licenses } from '../../db/entities-schema';
import { eq } from 'drizzle-orm';
import { generateLicenseContract } from '../../contracts/store';
import { defineJob } from '../define';

/** License states whose contract is still to be signed: a job finding its license elsewhere has nothing to make. */
const WANTS_CONTRACT = ['approved', 'contract_sent', 'signed'];

/**
 * The contract PDF of a license's current terms (license approved, sent with changed terms, or
 * terms changed before countersigning). Rendered with no lock held; recorded together with the
 * job's completion, so a job killed and run again never makes two revisions.
 */
export const contractGenerateJob = defineJob({
  kind: 'contract.generate',
  lane: 'documents',
  payload: z.object({ license: z.string(), lang: z.enum(['jp', 'en']).optional() }),
  subject: (p) => p.license,
  once: true,
  maxAttempts: 8,
  backoffMs: [2_000, 10_000, 60_000, 5 * 60_000, 15 * 60_000],
  leaseMs: 2 * 60_000,
  async run({ license, lang }, ctx) {
    const [row] = await ctx.db.select({ state: licenses.state }).from(licenses).where(eq(licenses.key, license));
    if (!row || !WANTS_CONTRACT.includes(row.state)) {
      await ctx.complete(undefined, () => ({ outcome: 'not_needed' }));
      return;
    }
    const made = await generateLicenseContract(ctx.db, license, {
      lang,
      commit: (record) => ctx.complete(record, (c) => ({ outcome: 'created', contract: c.key, revision: c.revision })),
    });
    if (!made.created) await ctx.complete(undefined, () => ({ outcome: 'current', contract: made.contract.key }));
  },
});
