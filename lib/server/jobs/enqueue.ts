import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../common/tx';
import type { Db } from '../db/client';
import { newKey } from '../keys';

/** Channel the job worker listens on, so a job written by any replica runs without waiting for a poll. */
export const JOBS_CHANNEL = 'ipl_jobs';

export interface EnqueueOptions {
  /** Not before this time (default: as soon as the transaction commits). */
  runAt?: Date;
}

export interface NewJob extends EnqueueOptions {
  kind: string;
  subject: string | null;
  payload: Record<string, unknown>;
  /** With a value, a pending job of the same value is kept instead of a second one. */
  once: string | null;
  maxAttempts: number | null;
}

/**
 * Writes a job in the caller's transaction and wakes the workers (NOTIFY is delivered on commit):
 * a command that rolls back leaves no job, one that commits leaves one that survives restarts.
 * Answers the key of the job, or of the pending one it joined (`created` false).
 */
export async function enqueueJob(tx: DbOrTx, job: NewJob): Promise<{ key: string; created: boolean }> {
  const db = tx as Db;
  const key = newKey();
  const runAt = job.runAt ?? new Date();
  const inserted = await db.execute<{ key: string }>(sql`
    insert into jobs (key, kind, subject, payload, once, max_attempts, run_at)
    values (${key}, ${job.kind}, ${job.subject}, ${JSON.stringify(job.payload)}::jsonb, ${job.once}, ${job.maxAttempts}, ${runAt})
    on conflict (once) where state in ('queued', 'running') do nothing
    returning key`);
  let answer = inserted.rows[0]?.key;
  const created = Boolean(answer);
  if (!answer) {
    const pending = await db.execute<{ key: string }>(
      sql`select key from jobs where once = ${job.once} and state in ('queued', 'running') limit 1`,
    );
    answer = pending.rows[0]?.key ?? key;
  }
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${job.kind})`);
  return { key: answer, created };
}
