import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { coreClient, type AnswerData } from './api';
import type { Envelope } from './fetcher';
import { useShell } from './settings-context';

export interface ServerStatus {
  label: string;
  version: string;
}

export function useServerStatus(enabled = true) {
  const { settings } = useShell();
  return useSWR<Envelope<ServerStatus> | null>(
    enabled ? ['core', '/server/status'] : null,
    async () => {
      const answer = await coreClient(settings.coreApiUrl).GET('/api/core/server/status');
      // The spec leaves both fields optional; isConnected checks them before anything reads them.
      return answer as Envelope<ServerStatus> | null;
    },
    { refreshInterval: 30_000 },
  );
}

export type NotificationList = AnswerData<'/api/core/notify/list', 'get'>;

/** The caller's notifications, polled every 30 s; the key stays null until signed in. */
export function useNotifications() {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR<Envelope<NotificationList> | null>(
    token ? ['core', '/notify/list', token] : null,
    async () => await coreClient(settings.coreApiUrl).GET('/api/core/notify/list', { token }),
    { refreshInterval: 30_000 },
  );
}
