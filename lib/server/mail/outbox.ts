import type { Db } from '../db/client';
import { emailOutbox } from '../db/platform-schema';
import { mailJob } from '../jobs/kinds/mail';
import { newKey } from '../keys';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template?: string;
  lang?: 'jp' | 'en';
}

/**
 * Queues a message in the caller's transaction (the outbox row and its delivery job, written by
 * one statement): if the command that causes the mail rolls back, no mail is sent; if it
 * commits, the job worker delivers it even after a restart.
 */
export async function enqueueMail(tx: Db, mail: OutgoingMail): Promise<string> {
  const key = newKey();
  const outboxRow = tx.insert(emailOutbox).values({
    key,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    template: mail.template ?? null,
    lang: mail.lang ?? 'jp',
  });
  await mailJob.enqueue(tx, { outbox: key }, { along: outboxRow.getSQL() });
  return key;
}
