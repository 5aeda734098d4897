import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { appendAdminLog } from '../audit/write-admin-log';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { jobs } from '../db/platform-schema';
import type { JobRow } from './define';
import { JOBS_CHANNEL } from './enqueue';
import { jobListInput, jobKeyInput, jobRetryInput } from './inputs';
import { jobKindOf, jobKinds } from './kinds';

export interface JobSummary {
  key: string;
  kind: string;
  subject: string | null;
  /** What people recognise the subject by (IP and licensee, recipient and subject line); null when it is gone. */
  label: string | null;
  state: string;
  attempts: number;
  maxAttempts: number | null;
  lastError: string | null;
  /** When it is due (queued), or when its lease ends (running). */
  runAt: string;
  dateCreated: string;
  finishedAt: string | null;
}

export interface JobDetail extends JobSummary {
  payload: Record<string, unknown>;
  result: Record<string, unknown> | null;
}

/** The labels of the jobs' subjects, one query per kind on the page. */
async function labelsOf(db: Db, rows: JobRow[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byKind = new Map<string, string[]>();
  for (const r of rows) if (r.subject) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.subject]);
  for (const [kind, subjects] of byKind) {
    const labels = await jobKindOf(kind)?.labels?.(db, [...new Set(subjects)]);
    for (const [subject, label] of labels ?? []) out.set(`${kind}:${subject}`, label);
  }
  return out;
}

function summary(r: JobRow, labels: Map<string, string> = new Map()): JobSummary {
  return {
    key: r.key,
    kind: r.kind,
    subject: r.subject,
    label: labels.get(`${r.kind}:${r.subject}`) ?? null,
    state: r.state,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    lastError: r.lastError,
    runAt: r.runAt.toISOString(),
    dateCreated: r.dateCreated.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/core/jobs/list: jobs newest first, by state, kind or subject; keyset on (created, key). Also the counts by state. */
export async function listJobs(
  db: Db,
  caller: Caller,
  query: unknown,
): Promise<{ items: JobSummary[]; nextCursor: string | null; counts: Record<string, number>; kinds: string[] }> {
  const input = validateInput(jobListInput, query, caller.lang);
  const where: SQL[] = [];
  if (input.state) where.push(eq(jobs.state, input.state));
  if (input.kind) where.push(eq(jobs.kind, input.kind));
  if (input.subject) where.push(eq(jobs.subject, input.subject));
  if (input.cursor) {
    where.push(
      sql`(${jobs.dateCreated}, ${jobs.key}) < (select j.date_created, j.key from jobs j where j.key = ${input.cursor})`,
    );
  }
  const rows = await db
    .select()
    .from(jobs)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(jobs.dateCreated), desc(jobs.key))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const counted = await db
    .select({ state: jobs.state, n: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.state);
  const labels = await labelsOf(db, page);
  return {
    items: page.map((r) => summary(r, labels)),
    nextCursor: rows.length > input.limit ? (page[page.length - 1]?.key ?? null) : null,
    counts: Object.fromEntries(counted.map((c) => [c.state, Number(c.n)])),
    kinds: jobKinds.map((k) => k.kind),
  };
}

function notFound(caller: Caller): never {
  throw new AppError('not_found', caller.lang === 'en' ? 'job not found' : 'ジョブが見つかりません');
}

/** GET /api/core/jobs/{key}: one job with its payload and result. */
export async function getJob(db: Db, caller: Caller, query: unknown): Promise<JobDetail> {
  const { key } = validateInput(jobKeyInput, query, caller.lang);
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key)).limit(1);
  if (!row) notFound(caller);
  return { ...summary(row, await labelsOf(db, [row])), payload: row.payload, result: row.result ?? null };
}

/**
 * POST /api/core/jobs/{key}/retry: a dead job (or one waiting for its next attempt) is due now
 * and the workers are woken; its kind may restore what the failure recorded (a mail's outbox row
 * is queued again). A job that is done or running is refused, so nothing runs twice by a click.
 */
export async function retryJob(db: Db, caller: Caller, query: unknown, body: unknown): Promise<JobSummary> {
  const { key } = validateInput(jobKeyInput, query, caller.lang);
  validateInput(jobRetryInput, body !== null && typeof body === 'object' ? body : {}, caller.lang);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [row] = await tx
      .update(jobs)
      .set({ state: 'queued', runAt: new Date(), claim: null, finishedAt: null, dateUpdated: new Date() })
      .where(and(eq(jobs.key, key), inArray(jobs.state, ['dead', 'queued'])))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ state: jobs.state }).from(jobs).where(eq(jobs.key, key));
      if (!exists) notFound(caller);
      throw fieldError(
        caller.lang,
        {
          key: {
            message: {
              jp: '完了済みまたは実行中のジョブは再実行できません。',
              en: 'A job that is done or running cannot be retried.',
            },
          },
        },
        { conflict: true },
      );
    }
    await jobKindOf(row.kind)?.onRetry?.(tx, row);
    const labels = await labelsOf(tx, [row]);
    await appendAdminLog(tx, {
      sub: caller.sub,
      action: 'job.retry',
      ref: row.key,
      data: { job: row.key, kind: row.kind, subject: row.subject, label: labels.get(`${row.kind}:${row.subject}`) ?? null },
    });
    await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${row.kind})`);
    return summary(row, labels);
  });
}
