import { z } from 'zod';
import { performMint } from '../../chain/mint-wrapper';
import { defineJob } from '../define';
import { ipLabels } from '../labels';

/**
 * The ERC-721 wrapper of an IP minted to a user's wallet. One signer, so one mint at a time (the
 * chain lane, and an advisory lock across replicas); a job run again after a crash finds the
 * token on the chain and records it instead of minting twice.
 */
export const chainMintJob = defineJob({
  kind: 'chain.mint',
  lane: 'chain',
  payload: z.object({ ip: z.string(), sub: z.string(), by: z.string() }),
  subject: (p) => p.ip,
  once: true,
  maxAttempts: 6,
  backoffMs: [5_000, 30_000, 2 * 60_000, 10 * 60_000],
  labels: ipLabels,
  leaseMs: 5 * 60_000,
  async run(payload, ctx) {
    await performMint(ctx.db, payload, (record) =>
      ctx.complete(record, (mint) => ({
        outcome: mint.minted ? 'minted' : 'recorded',
        minted: mint.minted,
        txHash: mint.txHash,
      })),
    );
  },
});
