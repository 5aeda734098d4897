import type { AnswerData } from '@/lib/client/api';
import type { OutboxMail, OutboxSummary } from '@/lib/server/mail/outbox-admin';
import type { Queue } from './queue/queue-api';

export const OUTBOX_STATES = ['queued', 'sent', 'failed', 'kept'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

// The shapes /api/core/mail answers with come from the service that builds them.
export type { OutboxMail, OutboxSummary };

type OutboxPage = AnswerData<'/api/core/mail/list', 'get'>;

export interface OutboxFilter {
  state: OutboxState | '';
}

type OutboxQuery = { limit: number; state?: OutboxState; cursor?: string };

/** The outbox, newest first, 50 a page; refreshed every 15 s while open. */
export const OUTBOX: Queue<OutboxQuery, OutboxPage, OutboxMail> = {
  path: '/mail',
  refreshInterval: 15_000,
  list: async (core, token, query) => {
    const res = await core.GET('/api/core/mail/list', { params: { query }, token });
    return res?.status === 0 ? res.data : null;
  },
  item: async (core, token, key) => {
    const res = await core.GET('/api/core/mail/{key}', { params: { path: { key } }, token });
    return res?.status === 0 ? res.data : null;
  },
  retry: async (core, token, key) =>
    (await core.POST('/api/core/mail/{key}/retry', { params: { path: { key } }, token, body: {} }))?.status === 0,
};

export function outboxQuery(filter: OutboxFilter, cursor: string | undefined): OutboxQuery {
  return { limit: 50, state: filter.state || undefined, cursor };
}
