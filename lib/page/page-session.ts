import type { GetServerSidePropsContext } from 'next';
import type { Session } from 'next-auth';
import { getServerSession } from 'next-auth/next';
import { authOptions } from '../server/auth/options';

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?next-auth\.session-token/;

/**
 * The session a page is first rendered with, so the shell, its menu and the screen paint from the
 * server instead of after the browser has asked /api/auth/session (which held every signed-in page
 * on a spinner and moved it when the menu arrived). It is the answer that route gives: the same
 * callback builds it. Without a session cookie it is null (signed out) without reading anything;
 * if it cannot be read the key is left out and the browser fetches it as before.
 */
export async function pageSession(ctx: Pick<GetServerSidePropsContext, 'req' | 'res'>): Promise<{ session?: Session | null }> {
  if (!SESSION_COOKIE.test(ctx.req.headers.cookie ?? '')) return { session: null };
  try {
    return { session: await getServerSession(ctx.req, ctx.res, authOptions()) };
  } catch (err) {
    console.error('[session] not readable for the first render, the browser asks:', (err as Error).message);
    return {};
  }
}
