import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/platform-schema';
import type { JobKind, JobServices } from './define';
import { runDueJobs } from './run-due';

export interface JobOutcome {
  state: string;
  result: Record<string, unknown> | null;
  lastError: string | null;
  /** This call ran the job (rather than finding it run, or running, elsewhere). */
  ranHere: boolean;
}

/**
 * For a request that waits for the job it has just committed: runs it here unless a worker has
 * claimed it already, then waits (up to `timeoutMs`) for a worker that has. A job that failed
 * and waits for its retry is answered as it stands; the worker retries it later.
 */
export async function runJobNow(
  db: Db,
  kind: JobKind,
  key: string,
  timeoutMs: number,
  services: JobServices = {},
): Promise<JobOutcome> {
  const ran = await runDueJobs(db, new Date(), { kinds: [kind], only: key, services });
  const ranHere = ran.done + ran.retrying + ran.dead > 0;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
    const settled =
      !row || row.state === 'done' || row.state === 'dead' || (row.state === 'queued' && (ranHere || row.runAt > new Date()));
    if (settled || Date.now() > deadline) {
      return { state: row?.state ?? 'missing', result: row?.result ?? null, lastError: row?.lastError ?? null, ranHere };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
