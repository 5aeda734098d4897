import { useSession } from 'next-auth/react';
import { useMemo } from 'react';
import useSWR from 'swr';
import { hasAccess } from '../acl/match';
import { accessLists } from '../acl/roles';
import { TERMS_KINDS } from '../terms/kinds';
import {
  acceptedAfter,
  decideTermsWall,
  type Acceptance,
  type TermsPrompt,
  type WallDecision,
  type WallEntity,
} from '../terms/wall';
import { useAfterLoad } from './after-load';
import { useEntityQuery } from './entities';
import { api, coreClient, type EntityName } from './api';
import type { Envelope } from './fetcher';
import { useShell } from './settings-context';
import { useLatestTerms, type LatestTerms } from './terms';

interface AcceptingRecord {
  key: string;
  accepted_terms_version?: Record<string, string>;
}

const MINE = (sub: string) => ({ filter: { owner: sub }, sort: { dateCreated: 1 as const }, limit: 1 });

export type TermsWallState =
  /** Signed out, or still reading the terms and the user's records. */
  | { state: 'loading' }
  /** Nothing to accept: no terms in force, or every compared version accepted. */
  | { state: 'clear' }
  | {
      state: 'due';
      terms: LatestTerms;
      decision: WallDecision;
      /** Records every accepted version of the prompt; true when every call answered status 0. */
      accept: (prompt: TermsPrompt) => Promise<boolean>;
    };

/**
 * What the terms wall of SPEC §4 needs, read for the signed-in user: the versions in force, the
 * user's roles, their own Designer and Licensee records (searched by owner = sub, only for the
 * roles held) and their own user record; then the decision of lib/terms/wall.ts. Null until all
 * of it has answered.
 */
export function useTermsWall(): TermsWallState {
  const { settings } = useShell();
  const { data: session, status } = useSession();
  const sub = status === 'authenticated' ? (session?.user.sub ?? '') : '';
  const token = session?.accessToken;
  // The terms in force are read once the page has loaded (useAfterLoad): the wall opens a moment later.
  const afterLoad = useAfterLoad();
  const { data: terms } = useLatestTerms(Boolean(sub) && afterLoad);
  const anyInForce = Boolean(terms && TERMS_KINDS.some((kind) => terms.latest[kind]));
  const lists = accessLists({ client: settings.aclClient, product: settings.productKey });
  const access = session?.user.access ?? [];
  const roles = { designer: hasAccess(lists.designer, access), licensee: hasAccess(lists.licensee, access) };
  // Records are read only once some terms are in force, and only for the roles held.
  const designers = useEntityQuery<AcceptingRecord>('Designer', anyInForce && roles.designer ? MINE(sub) : null);
  const licensees = useEntityQuery<AcceptingRecord>('Licensee', anyInForce && roles.licensee ? MINE(sub) : null);
  const user = useSWR(anyInForce && token ? ['terms-wall-user', sub, token] : null, async () => {
    const answer = await coreClient(settings.coreApiUrl).GET('/api/core/users/profile', { token });
    return answer?.status === 0 ? answer.data : null;
  });

  const ready =
    terms &&
    anyInForce &&
    (!roles.designer || designers.data !== undefined) &&
    (!roles.licensee || licensees.data !== undefined) &&
    user.data !== undefined;

  const decision = useMemo(() => {
    if (!ready || !terms) return null;
    // A failed or empty search means no record and so no accepted version (SPEC §8), silently.
    const record = (r: AcceptingRecord | null | undefined) =>
      r ? { key: r.key, accepted: r.accepted_terms_version ?? {} } : null;
    return decideTermsWall({
      productKey: settings.productKey,
      roles,
      designer: record(designers.data?.items[0]),
      licensee: record(licensees.data?.items[0]),
      user: { key: sub, accepted: user.data?.accepted_terms_version ?? {} },
      latest: Object.fromEntries(TERMS_KINDS.map((kind) => [kind, terms.latest[kind]?.metadata.version ?? null])),
    });
    // roles is derived from the session, which is a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, terms, designers.data, licensees.data, user.data, session, settings, sub]);

  if (status === 'unauthenticated' || terms === null || (terms && !anyInForce)) return { state: 'clear' };
  if (!decision || !terms) return { state: 'loading' };
  if (!decision.common && decision.kinds.length === 0) return { state: 'clear' };

  async function accept(prompt: TermsPrompt): Promise<boolean> {
    const current: Record<WallEntity, Record<string, string>> = {
      Designer: designers.data?.items[0]?.accepted_terms_version ?? {},
      Licensee: licensees.data?.items[0]?.accepted_terms_version ?? {},
      User: user.data?.accepted_terms_version ?? {},
    };
    const byRecord = new Map<string, Acceptance[]>();
    for (const a of prompt.accept) byRecord.set(`${a.entity}/${a.key}`, [...(byRecord.get(`${a.entity}/${a.key}`) ?? []), a]);
    const answers = await Promise.all(
      [...byRecord.values()].map((list): Promise<Envelope<unknown> | null> => {
        const { entity, key } = list[0]!;
        const body = { accepted_terms_version: acceptedAfter(current[entity], list) };
        if (entity === 'User') return coreClient(settings.coreApiUrl).POST('/api/core/users/profile/update', { body, token });
        return api.PATCH(`/api/v1/${entity satisfies EntityName}/{id}`, { params: { path: { id: key } }, body, token });
      }),
    );
    // The prompt closes only when every call answered status 0; otherwise it stays open, silently (SPEC §8).
    if (!answers.every((answer) => answer?.status === 0)) return false;
    await Promise.all([designers.mutate(), licensees.mutate(), user.mutate()]);
    return true;
  }

  return { state: 'due', terms, decision, accept };
}
