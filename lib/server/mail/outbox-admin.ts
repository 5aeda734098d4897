import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { appendAdminLog } from '../audit/write-admin-log';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/platform-schema';
import { mailKeyInput, mailListInput, mailRetryInput } from './inputs';
import { mailJob } from '../jobs/kinds/mail';
import { retryJobNow } from '../jobs/retry';

type OutboxRow = typeof emailOutbox.$inferSelect;

export interface OutboxSummary {
  key: string;
  to: string;
  subject: string;
  template: string | null;
  lang: string;
  state: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  dateCreated: string;
  sentAt: string | null;
}

export interface OutboxMail extends OutboxSummary {
  text: string;
  html: string | null;
  messageId: string | null;
}

function summary(r: Omit<OutboxRow, 'text' | 'html' | 'messageId'>): OutboxSummary {
  return {
    key: r.key,
    to: r.to,
    subject: r.subject,
    template: r.template,
    lang: r.lang,
    state: r.state,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    dateCreated: r.dateCreated.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

/** GET /api/core/mail/list: the outbox newest first, optionally one state; keyset on (created, key). */
export async function listOutbox(
  db: Db,
  caller: Caller,
  query: unknown,
): Promise<{ items: OutboxSummary[]; nextCursor: string | null }> {
  const input = validateInput(mailListInput, query, caller.lang);
  const where: SQL[] = [];
  if (input.state) where.push(eq(emailOutbox.state, input.state));
  if (input.cursor) {
    where.push(
      sql`(${emailOutbox.dateCreated}, ${emailOutbox.key}) < (select o.date_created, o.key from email_outbox o where o.key = ${input.cursor})`,
    );
  }
  const rows = await db
    .select({
      key: emailOutbox.key,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      template: emailOutbox.template,
      lang: emailOutbox.lang,
      state: emailOutbox.state,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      dateCreated: emailOutbox.dateCreated,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(emailOutbox.dateCreated), desc(emailOutbox.key))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(summary),
    nextCursor: rows.length > input.limit ? (page[page.length - 1]?.key ?? null) : null,
  };
}

function notFound(caller: Caller): never {
  throw new AppError('not_found', caller.lang === 'en' ? 'mail not found' : 'メールが見つかりません');
}

/** GET /api/core/mail/{key}: one message with its text and HTML. */
export async function getOutboxMail(db: Db, caller: Caller, query: unknown): Promise<OutboxMail> {
  const { key } = validateInput(mailKeyInput, query, caller.lang);
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.key, key)).limit(1);
  if (!row) notFound(caller);
  return { ...summary(row), text: row.text, html: row.html, messageId: row.messageId };
}

/**
 * POST /api/core/mail/{key}/retry: a queued, failed or kept message is due now (its delivery job
 * is queued again and the worker woken); a sent one is refused, so nothing goes out twice by a click.
 */
export async function retryOutboxMail(db: Db, caller: Caller, query: unknown, body: unknown): Promise<OutboxSummary> {
  const { key } = validateInput(mailKeyInput, query, caller.lang);
  validateInput(mailRetryInput, body !== null && typeof body === 'object' ? body : {}, caller.lang);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ state: 'queued', nextAttemptAt: new Date() })
      .where(and(eq(emailOutbox.key, key), inArray(emailOutbox.state, ['queued', 'failed', 'kept'])))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ state: emailOutbox.state }).from(emailOutbox).where(eq(emailOutbox.key, key));
      if (!exists) notFound(caller);
      throw fieldError(
        caller.lang,
        { key: { message: { jp: '送信済みのメールは再送できません。', en: 'A sent message cannot be retried.' } } },
        { conflict: true },
      );
    }
    await retryJobNow(tx as unknown as Db, mailJob, { outbox: key });
    await appendAdminLog(tx, {
      sub: caller.sub,
      action: 'mail.retry',
      ref: key,
      data: { mail: key, to: row.to, subject: row.subject },
    });
    return summary(row);
  });
}
