import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { coreApi, type Envelope } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';
import type { OutboxMail, OutboxSummary } from '@/lib/server/mail/outbox-admin';

export const OUTBOX_STATES = ['queued', 'sent', 'failed', 'kept'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

// The shapes /api/core/mail answers with come from the service that builds them.
export type { OutboxMail, OutboxSummary };

interface OutboxPage {
  items: OutboxSummary[];
  nextCursor: string | null;
}

/** The outbox, newest first, one page of 50 at a time (keyset cursor). */
export function useOutbox(state: OutboxState | '') {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWRInfinite<OutboxPage | null>(
    (index: number, previous: OutboxPage | null) => {
      if (!token || (index > 0 && !previous?.nextCursor)) return null;
      const query = new URLSearchParams({ limit: '50' });
      if (state) query.set('state', state);
      if (index > 0 && previous?.nextCursor) query.set('cursor', previous.nextCursor);
      return ['core', `/mail/list?${query.toString()}`, token];
    },
    async ([, path]: [string, string, string]) => {
      const res = await coreApi<OutboxPage>(settings.coreApiUrl, path, { token });
      return res?.status === 0 ? res.data : null;
    },
    { refreshInterval: 15_000 },
  );
}

export function useOutboxMail(key: string | null) {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR<Envelope<OutboxMail> | null>(key && token ? ['core', `/mail/${key}`, token] : null, () =>
    coreApi<OutboxMail>(settings.coreApiUrl, `/mail/${encodeURIComponent(key!)}`, { token }),
  );
}

/** POST /mail/{key}/retry: true when the message is queued again. */
export async function retryMail(coreApiUrl: string, token: string | undefined, key: string): Promise<boolean> {
  const res = await coreApi<OutboxSummary>(coreApiUrl, `/mail/${encodeURIComponent(key)}/retry`, { token, body: {} });
  return res?.status === 0;
}
