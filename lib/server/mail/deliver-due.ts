import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/platform-schema';

/** What the worker needs of a nodemailer transport (tests pass a real one or a stand-in). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<{ messageId: string }>;
}

export interface DeliverOptions {
  from: string;
  /** Rows claimed per round (several rounds per tick until none is due). */
  batch?: number;
  /** Most rows one tick sends, so a large backlog cannot starve the process. */
  maxPerTick?: number;
  /** How long a claimed row is hidden from other workers while it is being sent. */
  leaseMs?: number;
}

export interface DeliverResult {
  sent: number;
  retrying: number;
  failed: number;
  kept: number;
}

const SECOND = 1000;
/** Waits after the 1st, 2nd, … failed attempt; the last one repeats (never give up on a mail). */
const BACKOFF = [10 * SECOND, 30 * SECOND, 2 * 60 * SECOND, 5 * 60 * SECOND, 15 * 60 * SECOND];

export function backoffMs(attempts: number): number {
  return BACKOFF[Math.min(Math.max(attempts, 1), BACKOFF.length) - 1]!;
}

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  message?: string;
}

/** A recipient the server refuses for good (5xx on the envelope): retrying will not help. */
function isPermanent(err: SmtpFailure): boolean {
  return err.code === 'EENVELOPE' && typeof err.responseCode === 'number' && err.responseCode >= 500;
}

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED and hides them for the lease, in one short
 * transaction, so that several workers (replicas, or two ticks) never take the same row; the
 * SMTP conversation then happens outside any transaction.
 */
async function claim(db: Db, now: Date, limit: number, leaseMs: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.state, 'queued'), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.dateCreated))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length) {
      await tx
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            emailOutbox.key,
            rows.map((r) => r.key),
          ),
        );
    }
    return rows;
  });
}

/**
 * One worker tick: without a transport (no SMTP_URL) queued rows become 'kept'; with one, every
 * due row is sent and marked 'sent' with its message id, or stays 'queued' with attempts + 1,
 * the error and a backed-off next attempt (a recipient refused for good becomes 'failed').
 */
export async function deliverDue(
  db: Db,
  transport: MailTransport | null,
  now: Date,
  options: DeliverOptions,
): Promise<DeliverResult> {
  const result: DeliverResult = { sent: 0, retrying: 0, failed: 0, kept: 0 };
  if (!transport) {
    const kept = await db
      .update(emailOutbox)
      .set({ state: 'kept' })
      .where(eq(emailOutbox.state, 'queued'))
      .returning({ key: emailOutbox.key });
    result.kept = kept.length;
    return result;
  }
  const batch = options.batch ?? 10;
  const maxPerTick = options.maxPerTick ?? 200;
  const leaseMs = options.leaseMs ?? 5 * 60 * SECOND;
  let handled = 0;
  while (handled < maxPerTick) {
    const rows = await claim(db, now, Math.min(batch, maxPerTick - handled), leaseMs);
    if (rows.length === 0) break;
    handled += rows.length;
    for (const row of rows) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
        });
        await db
          .update(emailOutbox)
          .set({
            state: 'sent',
            messageId: info.messageId,
            sentAt: new Date(),
            attempts: sql`${emailOutbox.attempts} + 1`,
            lastError: null,
          })
          .where(eq(emailOutbox.key, row.key));
        result.sent++;
      } catch (err) {
        const failure = err as SmtpFailure;
        const attempts = row.attempts + 1;
        const permanent = isPermanent(failure);
        await db
          .update(emailOutbox)
          .set({
            state: permanent ? 'failed' : 'queued',
            attempts,
            lastError: String(failure.message ?? err).slice(0, 2000),
            nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
          })
          .where(eq(emailOutbox.key, row.key));
        if (permanent) result.failed++;
        else result.retrying++;
      }
    }
  }
  return result;
}
