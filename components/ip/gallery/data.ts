import { useMemo, useState } from 'react';
import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { useEntityQuery, type QueryBody } from '@/lib/client/entities';
import { api } from '@/lib/client/api';

export type Row = Record<string, unknown>;

/** The signed-in person's Designer record, as the pages that need it read it. */
export const myDesignerQuery = (sub: string): QueryBody => ({ filter: { owner: sub }, limit: 1 });

/** The signed-in person's Designer record: undefined while loading, null when there is none (or the read failed). */
export function useMyDesigner() {
  const { data: session } = useSession();
  const sub = session?.user.sub;
  const query = useEntityQuery<Row>('Designer', sub ? myDesignerQuery(sub) : null);
  const designer = query.data === undefined ? undefined : (query.data?.items[0] ?? null);
  return {
    designer,
    sub,
    isLoading: query.isLoading || !sub,
    failed: query.data === null || Boolean(query.error),
    mutate: query.mutate,
  };
}

export type DesignerListKind = 'usages' | 'ips' | 'products' | 'licenses' | 'licensees';

/** GET /api/v1/Designer/{kind}/{designer key}: one SWR hook for the designer endpoints. */
export function useDesignerList<T = Row>(kind: DesignerListKind, designerKey: string | null | undefined) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(designerKey && token ? ['designer', kind, designerKey, token] : null, async () => {
    const answer = await api.GET(`/api/v1/Designer/${kind}/{id}`, { params: { path: { id: designerKey! } }, token });
    // The kind is known at run time only, so the spec answers the union of the kinds' rows; the caller names its own.
    return answer?.status === 0 ? (answer.data as T[]) : null;
  });
}

/**
 * Cursor pages over an entity query: the cursors seen so far form a stack, so Previous goes
 * back exactly. A new body (another search or filter) starts again at page 1.
 */
export function useCursorPages<T>(entity: string, body: QueryBody) {
  const identity = JSON.stringify(body);
  const [state, setState] = useState<{ identity: string; cursors: string[] }>({ identity, cursors: [] });
  const cursors = state.identity === identity ? state.cursors : [];
  const cursor = cursors[cursors.length - 1];
  const query = useEntityQuery<T>(entity, cursor ? { ...body, cursor } : body);
  const nextCursor = query.data?.nextCursor ?? null;
  return {
    ...query,
    items: query.data?.items ?? [],
    page: cursors.length + 1,
    hasPrevious: cursors.length > 0,
    hasNext: Boolean(nextCursor),
    next: () => {
      if (nextCursor) setState({ identity, cursors: [...cursors, nextCursor] });
    },
    previous: () => setState({ identity, cursors: cursors.slice(0, -1) }),
  };
}

/** Permits of the signed-in person, newest first. */
export const myPermitsQuery = (sub: string): QueryBody => ({ filter: { applicant: sub }, sort: { dateCreated: -1 }, limit: 500 });

/** Permits of the signed-in person, newest first: the gallery shows each IP's current one. */
export function useMyPermits(sub: string | undefined) {
  const query = useEntityQuery<Row>('Usage', sub ? myPermitsQuery(sub) : null);
  const latestByIp = useMemo(() => {
    const map = new Map<string, Row>();
    for (const usage of query.data?.items ?? []) if (!map.has(String(usage.ip))) map.set(String(usage.ip), usage);
    return map;
  }, [query.data]);
  return { ...query, items: query.data?.items ?? [], latestByIp };
}

/** A permit that still stands or waits (on the brand, or on the applicant's answer): no second request is made while one exists. */
export function isLivePermit(usage: Row | undefined): boolean {
  return usage?.state === 'requested' || usage?.state === 'approved' || usage?.state === 'changes_requested';
}
