import { useSession } from 'next-auth/react';
import useSWRInfinite from 'swr/infinite';
import { api, type EntityName } from '@/lib/client/api';
import type { QueryBody } from '@/lib/client/entities';

interface QueryPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Cursor pages of an entity query (POST /api/v1/{Entity}/query) for a "show more" list: one
 * SWR key per page, the next page asked for with the previous page's cursor.
 */
export function useEntityPages<T>(entity: string, body: Omit<QueryBody, 'cursor'> | null, version = 0) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  const base = body ? JSON.stringify(body) : null;
  const pages = useSWRInfinite<QueryPage<T> | null>(
    (index, previous: QueryPage<T> | null) => {
      if (!base || !token) return null;
      if (index > 0 && !previous?.nextCursor) return null;
      // `version` changes when the caller knows the list changed (a report just sent): a new key, a fresh read.
      return ['entity-pages', entity, base, index > 0 ? previous!.nextCursor : null, token, version];
    },
    async ([, name, request, cursor]: [string, string, string, string | null, string, number]) => {
      const query = { ...(JSON.parse(request) as QueryBody), ...(cursor ? { cursor } : {}) };
      const answer = await api.POST(`/api/v1/${name as EntityName}/query`, { body: query, token });
      // The spec types the records of each entity; the caller's T is the shape its page reads of them.
      return answer?.status === 0 ? (answer.data as QueryPage<T>) : null;
    },
  );
  const loaded = pages.data ?? [];
  const items = loaded.flatMap((page) => page?.items ?? []);
  const last = loaded[loaded.length - 1];
  return {
    items,
    /** The first page has answered (with rows, none, or a failure). */
    ready: pages.data !== undefined,
    failed: loaded.some((page) => page === null),
    hasMore: Boolean(last?.nextCursor),
    loadingMore: pages.isValidating && pages.size > loaded.length,
    loadMore: () => void pages.setSize(pages.size + 1),
    mutate: pages.mutate,
  };
}
