import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { coreClient } from '@/lib/client/api';
import { useShell } from '@/lib/client/settings-context';
import { listKeyPath } from '../list-key';

export type CoreClient = ReturnType<typeof coreClient>;

/** The core API's client and the signed-in person's token. */
export function useCoreCaller() {
  const { settings } = useShell();
  const { data: session } = useSession();
  return { token: session?.accessToken, core: coreClient(settings.coreApiUrl) };
}

export type QueueQuery = Record<string, string | number | undefined>;

/** A page of a queue's list: its items, newest first, and the cursor of the next page. */
export interface QueuePage<S> {
  items: S[];
  nextCursor: string | null;
}

/**
 * One of the core's work queues (the durable jobs, the mail outbox): how a page of it, one item
 * and a retry are asked for. Each answer is its data, or null when the call failed.
 */
export interface Queue<Q extends QueueQuery, P extends QueuePage<{ key: string }>, D> {
  /** The list's path in the SWR key (`/jobs`), as the address used to carry it. */
  path: string;
  refreshInterval: number;
  list(core: CoreClient, token: string | undefined, query: Q): Promise<P | null>;
  item(core: CoreClient, token: string | undefined, key: string): Promise<D | null>;
  /** True when the item is due again. */
  retry(core: CoreClient, token: string | undefined, key: string): Promise<boolean>;
}

/** One page of the queue (keyset cursor in the query), refreshed while the page is open. */
export function useQueuePage<Q extends QueueQuery, P extends QueuePage<{ key: string }>, D>(queue: Queue<Q, P, D>, query: Q) {
  const { core, token } = useCoreCaller();
  return useSWR(token ? ['core', listKeyPath(`${queue.path}/list`, query), token] : null, () => queue.list(core, token, query), {
    refreshInterval: queue.refreshInterval,
  });
}

export function useQueueItem<Q extends QueueQuery, P extends QueuePage<{ key: string }>, D>(
  queue: Queue<Q, P, D>,
  key: string | null,
) {
  const { core, token } = useCoreCaller();
  return useSWR(key && token ? ['core', `${queue.path}/${key}`, token] : null, () => queue.item(core, token, key!));
}
