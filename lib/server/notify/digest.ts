import { and, asc, eq, inArray } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';
import { sendTemplate } from '../mail/send-template';
import type { Lang } from '../naming/format';
import { pageUrl } from './tell';

/** The digest goes out once a day from this hour, Japan time: the day's items in one mail. */
export const DIGEST_HOUR_JST = 18;
/** Items listed in one digest; the rest are counted, and all are on the home and in the bell. */
const LISTED = 50;
const JST = 9 * 3600 * 1000;

/** The calendar day in Japan (2026-11-25) of a moment. */
function dayInJapan(at: Date): string {
  return new Date(at.getTime() + JST).toISOString().slice(0, 10);
}

const copy = {
  jp: {
    subject: (n: number) => `本日の対応待ちのお知らせ（${n}件）`,
    intro: '本日届いたお知らせをまとめてお送りします。各項目のリンクから対応するページを開けます。',
    more: (n: number) => `ほか ${n} 件はベルとホームでご確認ください。`,
  },
  en: {
    subject: (n: number) => `Today's notifications (${n})`,
    intro: "Here are today's notifications in one mail. Each link opens the page where you act on it.",
    more: (n: number) => `${n} more are in the bell and on your home page.`,
  },
};

/** The digest's text: each item's subject and the address of the page where the reader acts. */
export function digestContent(items: { subject: string; link: string | null }[], lang: Lang): string {
  const c = copy[lang];
  const lines = items.slice(0, LISTED).map((item) => `・${item.subject}\n  ${pageUrl(lang, item.link)}`);
  const rest = items.length - LISTED;
  return [c.intro, '', ...lines, ...(rest > 0 ? ['', c.more(rest)] : [])].join('\n');
}

/**
 * Mails each person who chose one mail a day the notifications waiting for their digest: once a
 * day per person, from DIGEST_HOUR_JST Japan time, one mail through the outbox with every item
 * and its link; the items are then no longer pending. Runs with the hourly reminders; answers
 * how many digests were sent.
 */
export async function sendDigests(db: Db, now = new Date()): Promise<number> {
  if (new Date(now.getTime() + JST).getUTCHours() < DIGEST_HOUR_JST) return 0;
  const today = dayInJapan(now);
  const waiting = await db
    .selectDistinct({ target: notifications.target })
    .from(notifications)
    .where(eq(notifications.digestPending, true));
  if (waiting.length === 0) return 0;
  const people = await db
    .select({ sub: users.sub, email: users.email, lang: users.lang, sentAt: users.digestSentAt })
    .from(users)
    .where(
      inArray(
        users.sub,
        waiting.map((w) => w.target),
      ),
    );
  const site = getConfig().systemTitle;
  let sent = 0;
  for (const person of people) {
    if (person.sentAt && dayInJapan(person.sentAt) === today) continue;
    const lang: Lang = person.lang === 'en' ? 'en' : 'jp';
    const mailed = await db.transaction(async (tx) => {
      const items = await tx
        .select({ key: notifications.key, subject: notifications.subject, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.target, person.sub), eq(notifications.digestPending, true)))
        .orderBy(asc(notifications.created))
        .for('update');
      if (items.length === 0) return false;
      if (person.email) {
        await sendTemplate(tx, {
          to: person.email,
          template: 'notification',
          lang,
          vars: {
            subject: copy[lang].subject(items.length),
            content: digestContent(items, lang),
            site,
            url: pageUrl(lang, null),
          },
        });
      }
      await tx
        .update(notifications)
        .set({ digestPending: false })
        .where(
          inArray(
            notifications.key,
            items.map((i) => i.key),
          ),
        );
      await tx.update(users).set({ digestSentAt: now }).where(eq(users.sub, person.sub));
      return Boolean(person.email);
    });
    if (mailed) sent++;
  }
  return sent;
}
