import type { GetServerSidePropsContext } from 'next';
import { eq } from 'drizzle-orm';
import { getToken } from 'next-auth/jwt';
import { getConfig } from '../config';
import { getDb } from '../server/db/client';
import { users } from '../server/db/schema';
import { getSecrets } from '../server/secrets';
import { isLang, type Lang } from '../session/redirect';

/**
 * The stored language of SPEC §4 for the request of a page. A signed-in person has one language
 * setting, their profile's (users.lang): pages, notifications, mail and PDFs all follow it, and
 * the language switch writes it. Signed out, the browser's own choice (the `lang` cookie the
 * switch also sets) stands in. Never fails a page: if the session or database cannot be read,
 * the cookie is used.
 */
export async function storedLanguage(ctx: Pick<GetServerSidePropsContext, 'req'>): Promise<Lang | null> {
  const cookie = ctx.req.cookies.lang;
  const fallback = isLang(cookie) ? cookie : null;
  if (!/(?:^|;\s*)(?:__Secure-)?next-auth\.session-token/.test(ctx.req.headers.cookie ?? '')) return fallback;
  try {
    const config = getConfig();
    const token = await getToken({
      req: ctx.req as Parameters<typeof getToken>[0]['req'],
      secret: config.nextAuthSecret ?? getSecrets().nextAuthSecret,
    });
    if (!token?.sub) return fallback;
    const db = await getDb();
    const [row] = await db.select({ lang: users.lang }).from(users).where(eq(users.sub, token.sub)).limit(1);
    return row && isLang(row.lang) ? row.lang : fallback;
  } catch (err) {
    console.error('[lang] stored language unreadable, using the cookie:', (err as Error).message);
    return fallback;
  }
}
