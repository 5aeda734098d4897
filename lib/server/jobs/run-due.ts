import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/platform-schema';
import { isPermanent, type JobContext, type JobKind, type JobRow, type JobServices } from './define';

export interface RunOptions {
  /** The kinds this run may take (a lane's); all registered kinds when absent. */
  kinds: readonly JobKind[];
  services?: JobServices;
  /** Jobs claimed per round (several rounds per run until none is due). */
  batch?: number;
  /** Most jobs one run takes, so a large backlog cannot starve the process. */
  maxPerRun?: number;
  /** Only this job (a request that waits for the job it wrote runs it itself). */
  only?: string;
  /**
   * The share of the time this run may spend in jobs (0–1; default 1): after a job of t ms it rests
   * t × (1 − share) ÷ share before the next. A backlog of PDFs then leaves the cores to the requests.
   */
  share?: number;
}

export interface RunResult {
  done: number;
  retrying: number;
  dead: number;
  /** Done jobs by the `outcome` they reported (mail: sent, kept, skipped). */
  outcomes: Record<string, number>;
}

/** The wait after the n-th failed attempt: the kind's schedule, its last step repeating. */
export function backoffOf(kind: Pick<JobKind, 'backoffMs'>, attempts: number): number {
  const steps = kind.backoffMs;
  return steps[Math.min(Math.max(attempts, 1), steps.length) - 1] ?? 60_000;
}

/** Thrown when a job's claim was taken over (its lease ran out): its outcome is not recorded. */
class LeaseLost extends Error {}

/**
 * Claims due jobs (queued, or running under a lease that ran out: their worker died) in one
 * statement: the due rows are locked with FOR UPDATE SKIP LOCKED and marked running under a new
 * claim token and a lease, so other workers skip them until the lease ends. One round trip, where
 * a transaction of a read and an update per job took three or more.
 */
async function claim(db: Db, kinds: readonly JobKind[], now: Date, limit: number, only?: string): Promise<JobRow[]> {
  const names = kinds.map((k) => k.kind);
  // A job found running under a lease that ran out: its worker died, which counts as an attempt.
  const wasRunning = sql`${jobs.state} = 'running'`;
  const leaseEnd = sql`case ${jobs.kind} ${sql.join(
    kinds.map((k) => sql`when ${k.kind} then ${new Date(now.getTime() + k.leaseMs)}::timestamptz`),
    sql` `,
  )} else ${new Date(now.getTime() + 60_000)}::timestamptz end`;
  const due = db
    .select({ key: jobs.key })
    .from(jobs)
    .where(
      and(
        inArray(jobs.state, ['queued', 'running']),
        lte(jobs.runAt, now),
        inArray(jobs.kind, names),
        only ? eq(jobs.key, only) : undefined,
      ),
    )
    .orderBy(jobs.runAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({
      attempts: sql`case when ${wasRunning} then ${jobs.attempts} + 1 else ${jobs.attempts} end`,
      lastError: sql`case when ${wasRunning} then 'the worker stopped while running it' else ${jobs.lastError} end`,
      state: 'running',
      claim: sql`gen_random_uuid()::text`,
      runAt: leaseEnd,
      dateUpdated: now,
    })
    .where(inArray(jobs.key, due))
    .returning();
  // An UPDATE returns its rows in no set order: they run in the order they were written.
  return claimed.sort((a, b) => a.dateCreated.getTime() - b.dateCreated.getTime());
}

async function finish(tx: Db, job: JobRow, result: Record<string, unknown> | null): Promise<void> {
  const done = await tx
    .update(jobs)
    .set({
      state: 'done',
      attempts: sql`${jobs.attempts} + 1`,
      lastError: null,
      result,
      finishedAt: new Date(),
      dateUpdated: new Date(),
    })
    .where(and(eq(jobs.key, job.key), eq(jobs.claim, job.claim!), eq(jobs.state, 'running')))
    .returning({ key: jobs.key });
  if (!done.length) throw new LeaseLost(`job ${job.key} was claimed by another worker`);
}

async function fail(db: Db, kind: JobKind, job: JobRow, now: Date, err: unknown): Promise<'retrying' | 'dead'> {
  const attempts = job.attempts + 1;
  const error = String((err as Error)?.message ?? err).slice(0, 2000);
  const dead = isPermanent(err) || (job.maxAttempts !== null && attempts >= job.maxAttempts);
  const runAt = new Date(now.getTime() + backoffOf(kind, attempts));
  await db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const updated = await tx
      .update(jobs)
      .set({
        state: dead ? 'dead' : 'queued',
        attempts,
        lastError: error,
        runAt,
        dateUpdated: new Date(),
        ...(dead ? { finishedAt: new Date() } : {}),
      })
      .where(and(eq(jobs.key, job.key), eq(jobs.claim, job.claim!)))
      .returning({ key: jobs.key });
    if (updated.length && kind.onFailure) await kind.onFailure(tx, job, { error, dead, runAt, attempts });
  });
  return dead ? 'dead' : 'retrying';
}

type Outcome = { state: 'done'; outcome: string | null } | { state: 'retrying' | 'dead' };

async function execute(db: Db, kind: JobKind, job: JobRow, now: Date, services: JobServices): Promise<Outcome> {
  let completed = false;
  let outcome: string | null = null;
  const ctx: JobContext = {
    db,
    now,
    job,
    services,
    async complete(effect, result) {
      const value = await db.transaction(async (txAny) => {
        const tx = txAny as unknown as Db;
        const out = effect ? await effect(tx) : (undefined as never);
        const recorded = result ? result(out) : null;
        await finish(tx, job, recorded);
        if (typeof recorded?.outcome === 'string') outcome = recorded.outcome;
        return out;
      });
      completed = true;
      return value;
    },
  };
  try {
    const payload = kind.payload.parse(job.payload);
    await kind.run(payload, ctx);
    if (!completed) await ctx.complete();
    return { state: 'done', outcome };
  } catch (err) {
    if (err instanceof LeaseLost) return { state: 'retrying' };
    console.error(`[jobs] ${job.kind} ${job.key} failed:`, err instanceof Error ? err.message : err);
    return { state: await fail(db, kind, job, now, err) };
  }
}

/** The pause after a job of `ms` that keeps a run within its share of the time. */
function restAfter(ms: number, share = 1): Promise<void> {
  if (!(share > 0 && share < 1) || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, (ms * (1 - share)) / share));
}

/**
 * One run of the worker over some kinds: claims due jobs and runs them one after another, each
 * ending done, queued again with a backed-off time, or dead. Never throws for a job's failure.
 */
export async function runDueJobs(db: Db, now: Date, options: RunOptions): Promise<RunResult> {
  const result: RunResult = { done: 0, retrying: 0, dead: 0, outcomes: {} };
  if (options.kinds.length === 0) return result;
  const byName = new Map(options.kinds.map((k) => [k.kind, k]));
  const batch = options.batch ?? 10;
  const maxPerRun = options.maxPerRun ?? 200;
  let handled = 0;
  let rest: Promise<void> = Promise.resolve();
  while (handled < maxPerRun) {
    const claimed = await claim(db, options.kinds, now, Math.min(batch, maxPerRun - handled), options.only);
    if (claimed.length === 0) break;
    handled += claimed.length;
    for (const job of claimed) {
      await rest;
      const started = Date.now();
      const outcome = await execute(db, byName.get(job.kind)!, job, now, options.services ?? {});
      rest = restAfter(Date.now() - started, options.share);
      result[outcome.state]++;
      if (outcome.state === 'done' && outcome.outcome)
        result.outcomes[outcome.outcome] = (result.outcomes[outcome.outcome] ?? 0) + 1;
    }
    if (options.only) break;
  }
  return result;
}
