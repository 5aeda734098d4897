import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/platform-schema';
import { newKey } from '../keys';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template?: string;
  lang?: 'jp' | 'en';
}

/** Channel the outbox worker listens on, so a queued message goes out without waiting for a poll. */
export const MAIL_CHANNEL = 'ipl_mail';

/**
 * Queues a message in the caller's transaction: if the command that causes the mail rolls back,
 * no mail is sent; if it commits, the worker delivers it even after a restart.
 */
export async function enqueueMail(tx: Db, mail: OutgoingMail): Promise<string> {
  const key = newKey();
  await tx.insert(emailOutbox).values({
    key,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    template: mail.template ?? null,
    lang: mail.lang ?? 'jp',
  });
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${key})`);
  return key;
}
