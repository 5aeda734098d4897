import { eq } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { loginAttempts, users } from '../db/schema';
import { sendTemplate } from '../mail/send-template';
import { accountKey, recordAccountFailure } from './rate-limit';
import { dateTimeFormat } from '../../format/intl-cache';

/** A time in the reader's language and Japan time for jp, as the mail shows it. */
function shownTime(date: Date, lang: 'jp' | 'en'): string {
  const zone = lang === 'jp' ? 'Asia/Tokyo' : 'UTC';
  const text = dateTimeFormat(lang === 'jp' ? 'ja-JP' : 'en-GB', {
    timeZone: zone,
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(date);
  return lang === 'jp' ? `${text}（日本時間）` : `${text} UTC`;
}

/**
 * A wrong password for an existing account: counted against the account from every source, and
 * at LOGIN_MAX_FAILURES its owner is told by mail, once per episode (until a successful sign-in
 * or a quiet LOGIN_WINDOW_SECONDS). The count and the queued mail commit together.
 */
export async function noteFailure(db: Db, sub: string, email: string, source: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const { failures, notify } = await recordAccountFailure(tx, email, source, now);
    if (!notify) return false;
    const [user] = await tx.select({ email: users.email, lang: users.lang }).from(users).where(eq(users.sub, sub)).limit(1);
    if (!user) return false;
    const [row] = await tx
      .select({ source: loginAttempts.source })
      .from(loginAttempts)
      .where(eq(loginAttempts.key, accountKey(email).key));
    const lang = user.lang === 'en' ? 'en' : 'jp';
    const config = getConfig();
    await sendTemplate(tx, {
      to: user.email,
      template: 'login-failures',
      lang,
      vars: {
        email: user.email,
        failures,
        last: shownTime(now, lang),
        sources: row?.source ?? source,
        url: `${config.appUrl}/${lang}`,
        site: config.systemTitle,
      },
    });
    return true;
  });
}
