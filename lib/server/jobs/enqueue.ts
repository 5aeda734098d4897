import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../common/tx';
import type { Db } from '../db/client';
import { newKey } from '../keys';

/** Channel the job worker listens on, so a job written by any replica runs without waiting for a poll. */
export const JOBS_CHANNEL = 'ipl_jobs';

export interface EnqueueOptions {
  /** Not before this time (default: as soon as the transaction commits). */
  runAt?: Date;
  /**
   * A statement writing what the job works on (the outbox row of a mail), run in the job's own
   * statement: a command that writes many such pairs makes one round trip for each, not two.
   */
  along?: SQL;
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
  // One statement writes the job and wakes the workers: a job is written inside busy commands
  // (an approval writes several), and each round trip waits its turn on a loaded event loop.
  // A data-modifying WITH runs to completion whether or not the rest of the statement reads it.
  const along = job.along ? sql`along as (${job.along}), ` : sql``;
  const inserted = await db.execute<{ key: string | null }>(sql`
    with ${along}inserted as (
      insert into jobs (key, kind, subject, payload, once, max_attempts, run_at)
      values (${key}, ${job.kind}, ${job.subject}, ${JSON.stringify(job.payload)}::jsonb, ${job.once}, ${job.maxAttempts}, ${runAt})
      on conflict (once) where state in ('queued', 'running') do nothing
      returning key)
    select (select key from inserted) as key, pg_notify(${JOBS_CHANNEL}, ${job.kind})::text as woken`);
  let answer = inserted.rows[0]?.key ?? undefined;
  const created = Boolean(answer);
  if (!answer) {
    const pending = await db.execute<{ key: string }>(
      sql`select key from jobs where once = ${job.once} and state in ('queued', 'running') limit 1`,
    );
    answer = pending.rows[0]?.key ?? key;
  }
  return { key: answer, created };
}
