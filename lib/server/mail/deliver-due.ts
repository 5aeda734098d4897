import type { Db } from '../db/client';
import { backoffOf, runDueJobs } from '../jobs/run-due';
import { mailJob } from '../jobs/kinds/mail';

/** What the worker needs of a nodemailer transport (tests pass a real one or a stand-in). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    messageId?: string;
  }): Promise<{ messageId: string }>;
}

export interface DeliverOptions {
  from: string;
  /** Messages claimed per round (several rounds per tick until none is due). */
  batch?: number;
  /** Most messages one tick sends, so a large backlog cannot starve the process. */
  maxPerTick?: number;
}

export interface DeliverResult {
  sent: number;
  retrying: number;
  failed: number;
  kept: number;
}

/** Waits after the 1st, 2nd, … failed attempt; the last one repeats (never give up on a mail). */
export function backoffMs(attempts: number): number {
  return backoffOf(mailJob, attempts);
}

/**
 * One delivery run of the outbox (the mail jobs that are due): without a transport (no SMTP_URL)
 * queued messages become 'kept'; with one, each due message is sent and marked 'sent' with its
 * message id, or stays 'queued' with attempts + 1, the error and a backed-off next attempt (a
 * recipient refused for good becomes 'failed', its job a dead letter).
 */
export async function deliverDue(
  db: Db,
  transport: MailTransport | null,
  now: Date,
  options: DeliverOptions,
): Promise<DeliverResult> {
  const result = await runDueJobs(db, now, {
    kinds: [mailJob],
    services: { mail: { transport, from: options.from } },
    batch: options.batch,
    maxPerRun: options.maxPerTick,
  });
  return {
    sent: result.outcomes.sent ?? 0,
    kept: result.outcomes.kept ?? 0,
    retrying: result.retrying,
    failed: result.dead,
  };
}
