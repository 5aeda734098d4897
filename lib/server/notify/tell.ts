import { inArray } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { DbOrTx } from '../common/tx';
import { notifications, users } from '../db/schema';
import { newKey } from '../keys';
import { sendTemplate } from '../mail/send-template';
import type { Lang, PersonNames } from '../naming/format';
import type { MailKind } from './mail-kinds';
import type { Notice } from './notices';

export interface Telling {
  /** Who is told. */
  people: readonly string[];
  /** What they read, in their language. */
  notice(lang: Lang): Notice;
  /** Where they act on it: a path under /{lang} (e.g. /licensee/list?open=LIC-2026-0001). */
  link: string | null;
  /** Mailed too, unless the person turned this kind off; null: the bell only. */
  mail: MailKind | null;
}

/** The absolute address of a page in a reader's language. */
export function pageUrl(lang: Lang, link: string | null): string {
  return `${getConfig().appUrl.replace(/\/$/, '')}/${lang}${link ?? ''}`;
}

/** What telling a person needs of them: where and in which language, and their name. */
export interface Reader extends PersonNames {
  sub: string;
  email: string | null;
  lang: string | null;
  mailOff: string[];
  digest: boolean;
}

/**
 * The people to tell, by account, in one read. A move that tells two sides and names its decider
 * reads them all at once (lib/server/flow/record-events.ts).
 */
export async function readersOf(tx: DbOrTx, subs: readonly string[]): Promise<Map<string, Reader>> {
  const wanted = [...new Set(subs)];
  if (wanted.length === 0) return new Map();
  const found = await tx
    .select({
      sub: users.sub,
      email: users.email,
      lang: users.lang,
      mailOff: users.mailOff,
      digest: users.mailDigest,
      first_name: users.firstName,
      last_name: users.lastName,
      nickname: users.nickname,
    })
    .from(users)
    .where(inArray(users.sub, wanted));
  return new Map(found.map((u) => [u.sub, u]));
}

/**
 * Tells people about a record in the caller's transaction: a notification in each person's one
 * language with the link to where they act, and, for kinds that ask them to act, the same as a
 * mail through the outbox (it goes out only if the transaction commits). Answers how many were
 * notified and mailed.
 */
export async function tell(
  tx: DbOrTx,
  telling: Telling,
  // The people as readersOf answered them, when the caller has read them already.
  readers?: ReadonlyMap<string, Reader>,
): Promise<{ notified: number; mailed: number }> {
  const people = [...new Set(telling.people)];
  if (people.length === 0) return { notified: 0, mailed: 0 };
  const bySub = readers ?? (await readersOf(tx, people));
  const rows: (typeof notifications.$inferInsert)[] = [];
  let mailed = 0;
  // Mails sent now; digest readers' items wait for their daily mail.
  const site = getConfig().systemTitle;
  for (const sub of people) {
    const user = bySub.get(sub);
    const lang: Lang = user?.lang === 'en' ? 'en' : 'jp';
    const notice = telling.notice(lang);
    const mailIt = Boolean(telling.mail && user?.email && !user.mailOff.includes(telling.mail));
    // Someone who chose one mail a day gets it in the daily digest (lib/server/notify/digest.ts).
    const digest = mailIt && Boolean(user?.digest);
    rows.push({
      key: newKey(),
      target: sub,
      subject: notice.subject,
      content: notice.content,
      link: telling.link,
      digestPending: digest,
    });
    if (mailIt && !digest && user?.email) {
      await sendTemplate(tx, {
        to: user.email,
        template: 'notification',
        lang,
        vars: { subject: notice.subject, content: notice.content, site, url: pageUrl(lang, telling.link) },
      });
      mailed++;
    }
  }
  await tx.insert(notifications).values(rows);
  return { notified: rows.length, mailed };
}
