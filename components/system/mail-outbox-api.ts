import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { coreClient, type AnswerData } from '@/lib/client/api';
import type { Envelope } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';
import { listKeyPath } from './list-key';
import type { OutboxMail, OutboxSummary } from '@/lib/server/mail/outbox-admin';

export const OUTBOX_STATES = ['queued', 'sent', 'failed', 'kept'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

// The shapes /api/core/mail answers with come from the service that builds them.
export type { OutboxMail, OutboxSummary };

type OutboxQuery = { limit: number; state?: OutboxState; cursor?: string };

type OutboxPage = AnswerData<'/api/core/mail/list', 'get'>;

/** The outbox, newest first, one page of 50 at a time (keyset cursor). */
export function useOutbox(state: OutboxState | '') {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWRInfinite<OutboxPage | null>(
    (index: number, previous: OutboxPage | null) => {
      if (!token || (index > 0 && !previous?.nextCursor)) return null;
      const query: OutboxQuery = {
        limit: 50,
        state: state || undefined,
        cursor: (index > 0 && previous?.nextCursor) || undefined,
      };
      // The key keeps the path as it was sent; the query itself follows for the fetcher.
      return ['core', listKeyPath('/mail/list', query), token, query];
    },
    async ([, , , query]: [string, string, string, OutboxQuery]) => {
      const res = await coreClient(settings.coreApiUrl).GET('/api/core/mail/list', { params: { query }, token });
      return res?.status === 0 ? res.data : null;
    },
    { refreshInterval: 15_000 },
  );
}

export function useOutboxMail(key: string | null) {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR<Envelope<OutboxMail> | null>(
    key && token ? ['core', `/mail/${key}`, token] : null,
    async () => await coreClient(settings.coreApiUrl).GET('/api/core/mail/{key}', { params: { path: { key: key! } }, token }),
  );
}

/** POST /mail/{key}/retry: true when the message is queued again. */
export async function retryMail(coreApiUrl: string, token: string | undefined, key: string): Promise<boolean> {
  const res = await coreClient(coreApiUrl).POST('/api/core/mail/{key}/retry', { params: { path: { key } }, token, body: {} });
  return res?.status === 0;
}
