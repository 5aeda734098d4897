import type { GetServerSidePropsContext } from 'next';
import type { Session } from 'next-auth';
import { unstable_serialize } from 'swr';
import { authenticate } from '../server/api/authenticate';
import { JsonText } from '../server/api/json-text';
import { getDb, getDbHandle } from '../server/db/client';
import { queryRecordsJson } from '../server/entities/read-json';
import { entityNamed } from '../server/entities/resolve';
import { getHome } from '../server/home/get-home';
import type { FirstRead, FirstReads } from './first-reads';

/** SWR's key for a read: the very key the browser's hook builds, so the answer is found there. */
function keyOf(read: FirstRead, token: string): string {
  return unstable_serialize(read.kind === 'home' ? ['home', token] : ['query', read.entity, JSON.stringify(read.body), token]);
}

/**
 * The answers the API routes would give the browser for these reads, as SWR's fallback (pages/_app
 * hands it to SWRConfig). Only for a valid, ready session; a read that fails is left out and the
 * browser asks for it as before. The hooks still revalidate once mounted.
 */
export async function firstReads(
  ctx: Pick<GetServerSidePropsContext, 'req'>,
  session: Session | null | undefined,
  reads: FirstReads | undefined,
): Promise<{ fallback?: Record<string, unknown> }> {
  if (!reads || !session?.valid || !session.ready || !session.accessToken) return {};
  try {
    const caller = await authenticate(ctx.req);
    const entries = await Promise.all(
      reads(session).map(async (read): Promise<[string, unknown] | null> => {
        try {
          const answer =
            read.kind === 'home'
              ? (await getHome(await getDb(), caller)).sections
              : await queryRecordsJson(await getDbHandle(), entityNamed(read.entity), caller, read.body);
          // Plain JSON for the page's props (no Date objects), as the route would have sent it.
          const data: unknown = answer instanceof JsonText ? JSON.parse(answer.text) : JSON.parse(JSON.stringify(answer));
          return [keyOf(read, session.accessToken), data];
        } catch {
          return null;
        }
      }),
    );
    const found = entries.filter((entry): entry is [string, unknown] => entry !== null);
    return found.length ? { fallback: Object.fromEntries(found) } : {};
  } catch {
    return {};
  }
}
