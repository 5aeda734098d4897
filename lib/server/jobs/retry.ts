import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/platform-schema';
import type { JobKind } from './define';
import { JOBS_CHANNEL } from './enqueue';

/**
 * Makes a kind's job for `payload` due now, in the caller's transaction: the pending one if
 * there is one, else a new one (after a dead letter or a finished run). Answers its key.
 */
export async function retryJobNow<P extends JobKind>(tx: Db, kind: P, payload: Parameters<P['enqueue']>[1]): Promise<string> {
  const key = await kind.enqueue(tx, payload);
  await tx
    .update(jobs)
    .set({ runAt: new Date(), dateUpdated: new Date() })
    .where(and(eq(jobs.key, key), eq(jobs.state, 'queued')));
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind.kind})`);
  return key;
}
