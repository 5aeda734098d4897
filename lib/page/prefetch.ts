import type { GetServerSidePropsContext } from 'next';
import type { Session } from 'next-auth';
import { unstable_serialize } from 'swr';
import { latestDecisionsKey } from '../client/flow';
import { authenticate, type Caller } from '../server/api/authenticate';
import { JsonText } from '../server/api/json-text';
import { getDb, getDbHandle } from '../server/db/client';
import { queryRecordsJson } from '../server/entities/read-json';
import { entityNamed } from '../server/entities/resolve';
import { viewerOf } from '../server/entities/viewer';
import { latestDecisions } from '../server/flow/latest-decisions';
import { getHome } from '../server/home/get-home';
import type { FirstRead, FirstReads } from './first-reads';

/** SWR's key for a read: the very key the browser's hook builds, so the answer is found there. */
function keyOf(read: FirstRead, token: string): string {
  switch (read.kind) {
    case 'home':
      return unstable_serialize(['home', token]);
    case 'latest':
      return unstable_serialize([...latestDecisionsKey(read.read, token)]);
    case 'query':
      return unstable_serialize(['query', read.entity, JSON.stringify(read.body), token]);
  }
}

/** The answer the read's route would give, as plain JSON (no Date objects) for the page's props. */
async function answerOf(read: FirstRead, caller: Caller): Promise<unknown> {
  switch (read.kind) {
    case 'home':
      return plain((await getHome(await getDb(), caller)).sections);
    case 'latest': {
      const db = await getDb();
      return plain((await latestDecisions(db, await viewerOf(db, caller), read.read)).items);
    }
    case 'query':
      return plain(await queryRecordsJson(await getDbHandle(), entityNamed(read.entity), caller, read.body));
  }
}

function plain(answer: unknown): unknown {
  return answer instanceof JsonText ? JSON.parse(answer.text) : JSON.parse(JSON.stringify(answer));
}

/** A read and the reads its answer leads to; one that fails is left out (the browser asks for it). */
async function answersOf(read: FirstRead, caller: Caller, token: string): Promise<[string, unknown][]> {
  let data: unknown;
  try {
    data = await answerOf(read, caller);
  } catch {
    return [];
  }
  const own: [string, unknown] = [keyOf(read, token), data];
  if (read.kind !== 'query' || !read.then) return [own];
  const items = (data as { items?: Record<string, unknown>[] } | null)?.items ?? [];
  const next = await Promise.all(read.then(items).map((later) => answersOf(later, caller, token)));
  return [own, ...next.flat()];
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
    const found = (await Promise.all(reads(session).map((read) => answersOf(read, caller, session.accessToken!)))).flat();
    return found.length ? { fallback: Object.fromEntries(found) } : {};
  } catch {
    return {};
  }
}
