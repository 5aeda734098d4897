import type { z } from 'zod';
import type { DbOrTx } from '../common/tx';
import type { Db } from '../db/client';
import type { MailTransport } from '../mail/deliver-due';
import type { jobs } from '../db/platform-schema';
import { enqueueJob, type EnqueueOptions } from './enqueue';

export type JobRow = typeof jobs.$inferSelect;

/** What the worker lends a job: outside services that tests replace. */
export interface JobServices {
  /** The SMTP transport (null: no SMTP_URL, mail is kept) and the sender address. */
  mail?: { transport: MailTransport | null; from: string };
}

export interface JobContext {
  db: Db;
  /** The tick's clock (tests pass their own). */
  now: Date;
  job: JobRow;
  services: JobServices;
  /**
   * Runs `effect` in one transaction with the job's completion: either both commit or neither
   * does, and only the claim that runs the job may complete it. A job whose effect is rows in
   * the database (a contract, a credential) thus takes effect exactly once, however often it is
   * killed and run again. Returns what `effect` returned.
   */
  complete<T>(effect?: (tx: Db) => Promise<T>, result?: (value: T) => Record<string, unknown>): Promise<T>;
}

export type Lane = 'mail' | 'documents' | 'chain' | 'webhooks';

export interface JobKindSpec<P extends z.ZodType> {
  kind: string;
  /** Jobs of one lane run one at a time per process; lanes run side by side. */
  lane: Lane;
  payload: P;
  /** What the job is about (license, contract, message key), for "being prepared" and the sys page. */
  subject(payload: z.output<P>): string;
  /** Keep at most one pending job of this kind per subject (a later request joins the pending one). */
  once?: boolean;
  /** Attempts before the job becomes a dead letter; null: never given up. */
  maxAttempts: number | null;
  /** Waits after the 1st, 2nd, … failure; the last one repeats. */
  backoffMs: readonly number[];
  /** How long a claimed job is hidden from other workers before it is taken to have died. */
  leaseMs: number;
  run(payload: z.output<P>, ctx: JobContext): Promise<void>;
  /** What people recognise the subjects by (a license's IP and licensee, a mail's recipient and subject), for sys/jobs. */
  labels?(db: Db, subjects: string[]): Promise<Map<string, string>>;
  /** Called in the transaction that makes a job due again by hand (the mail outbox queues its message again). */
  onRetry?(tx: Db, job: JobRow): Promise<void>;
  /** Called in the transaction that records a failure (the mail outbox mirrors its delivery record). */
  onFailure?(tx: Db, job: JobRow, failure: { error: string; dead: boolean; runAt: Date; attempts: number }): Promise<void>;
}

export interface JobKind<P extends z.ZodType = z.ZodType> extends JobKindSpec<P> {
  /** Writes the job in the caller's transaction; it runs after that transaction commits. */
  enqueue(tx: DbOrTx, payload: z.input<P>, options?: EnqueueOptions): Promise<string>;
  /** As enqueue, also saying whether this call wrote the job or joined a pending one (`once`). */
  submit(tx: DbOrTx, payload: z.input<P>, options?: EnqueueOptions): Promise<{ key: string; created: boolean }>;
}

/** A job kind: one file under lib/server/jobs/kinds/ and one line in its index. */
export function defineJob<P extends z.ZodType>(spec: JobKindSpec<P>): JobKind<P> {
  const submit = (tx: DbOrTx, input: z.input<P>, options?: EnqueueOptions) => {
    const payload = spec.payload.parse(input) as z.output<P>;
    return enqueueJob(tx, {
      kind: spec.kind,
      subject: spec.subject(payload),
      payload: payload as Record<string, unknown>,
      once: spec.once ? `${spec.kind}:${spec.subject(payload)}` : null,
      maxAttempts: spec.maxAttempts,
      ...options,
    });
  };
  return { ...spec, submit, enqueue: async (tx, input, options) => (await submit(tx, input, options)).key };
}

/** Thrown by a job for a failure no retry can cure: the job becomes a dead letter at once. */
export class PermanentJobError extends Error {
  readonly permanent = true;
}

export function isPermanent(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { permanent?: unknown }).permanent === true;
}
