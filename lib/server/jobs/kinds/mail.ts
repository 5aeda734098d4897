import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailOutbox } from '../../db/platform-schema';
import { defineJob, PermanentJobError } from '../define';
import { mailLabels } from '../labels';

const SECOND = 1000;

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  message?: string;
}

/** A recipient the server refuses for good (5xx on the envelope): retrying will not help. */
function isPermanentSmtp(err: SmtpFailure): boolean {
  return err.code === 'EENVELOPE' && typeof err.responseCode === 'number' && err.responseCode >= 500;
}

/** The Message-ID of an outbox message: the same on every attempt, so a copy sent twice is recognisably one message. */
export function messageIdOf(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${key}@${domain}>`;
}

/**
 * Delivery of one outbox message (lib/server/mail/outbox.ts writes both). The outbox row is the
 * message and its delivery record (readable in /sys/mail); this job is its place in the queue.
 * Only a queued message is sent; one marked sent, kept or failed meanwhile is left as it is.
 */
export const mailJob = defineJob({
  kind: 'mail',
  lane: 'mail',
  payload: z.object({ outbox: z.string() }),
  subject: (p) => p.outbox,
  once: true,
  // Never give up on a mail while the server may come back; a refused recipient is a dead letter.
  maxAttempts: null,
  backoffMs: [10 * SECOND, 30 * SECOND, 2 * 60 * SECOND, 5 * 60 * SECOND, 15 * 60 * SECOND],
  labels: mailLabels,
  leaseMs: 5 * 60 * SECOND,
  async run({ outbox }, ctx) {
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.key, outbox));
    if (!row) throw new PermanentJobError(`outbox message ${outbox} does not exist`);
    const mail = ctx.services.mail;
    if (row.state !== 'queued' || !mail) {
      await ctx.complete(undefined, () => ({ outcome: 'skipped' }));
      return;
    }
    if (!mail.transport) {
      await ctx.complete(
        (tx) => tx.update(emailOutbox).set({ state: 'kept' }).where(eq(emailOutbox.key, outbox)),
        () => ({ outcome: 'kept' }),
      );
      return;
    }
    let messageId: string;
    try {
      const info = await mail.transport.sendMail({
        from: mail.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        messageId: messageIdOf(row.key, mail.from),
      });
      messageId = info.messageId;
    } catch (err) {
      const failure = err as SmtpFailure;
      if (isPermanentSmtp(failure)) throw new PermanentJobError(String(failure.message ?? err));
      throw err;
    }
    await ctx.complete(
      (tx) =>
        tx
          .update(emailOutbox)
          .set({ state: 'sent', messageId, sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
          .where(eq(emailOutbox.key, outbox)),
      () => ({ outcome: 'sent', messageId }),
    );
  },
  async onRetry(tx, job) {
    await tx
      .update(emailOutbox)
      .set({ state: 'queued', nextAttemptAt: new Date() })
      .where(and(eq(emailOutbox.key, String(job.subject)), inArray(emailOutbox.state, ['queued', 'failed', 'kept'])));
  },
  async onFailure(tx, job, failure) {
    await tx
      .update(emailOutbox)
      .set({
        state: failure.dead ? 'failed' : 'queued',
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: failure.error,
        nextAttemptAt: failure.runAt,
      })
      .where(eq(emailOutbox.key, String(job.subject)));
  },
});
