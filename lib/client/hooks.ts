import { useSession } from 'next-auth/react';
import useSWR, { type SWRConfiguration } from 'swr';
import { coreClient } from './api';
import { coreApi, type Envelope } from './fetcher';
import { useShell } from './settings-context';

/**
 * Reads a core API path with the session's bearer token; the key stays null until signed in.
 * Untyped (any path string): pages move to coreClient(settings.coreApiUrl).GET with their own key.
 */
export function useCoreApi<T>(path: string | null, config?: SWRConfiguration<Envelope<T> | null>) {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR<Envelope<T> | null>(
    path && token ? ['core', path, token] : null,
    () => coreApi<T>(settings.coreApiUrl, path!, { token }),
    config,
  );
}

export interface ServerStatus {
  label: string;
  version: string;
}

export function useServerStatus() {
  const { settings } = useShell();
  return useSWR<Envelope<ServerStatus> | null>(
    ['core', '/server/status'],
    async () => {
      const answer = await coreClient(settings.coreApiUrl).GET('/api/core/server/status');
      // The spec leaves both fields optional; isConnected checks them before anything reads them.
      return answer as Envelope<ServerStatus> | null;
    },
    { refreshInterval: 30_000 },
  );
}

export interface NotificationList {
  items: { key: string; subject: string; content: string; created: string; read: boolean }[];
  unread: number;
}

export function useNotifications() {
  return useCoreApi<NotificationList>('/notify/list', { refreshInterval: 30_000 });
}
