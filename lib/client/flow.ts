import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api, type AnswerData } from './api';

export type Decision = 'approved' | 'approved_with_conditions' | 'rejected' | 'changes_requested';
export type ApprovalKind = 'ips' | 'licenses' | 'products' | 'usages' | 'invoices' | 'reports';

/** One empty-state message (approval namespace) per queue kind: a new kind fails to compile until it has one. */
export const QUEUE_EMPTY_KEY: Record<ApprovalKind, string> = {
  ips: 'queue.empty.ips',
  licenses: 'queue.empty.licenses',
  products: 'queue.empty.products',
  usages: 'queue.empty.usages',
  invoices: 'queue.empty.invoices',
  reports: 'queue.empty.reports',
};

export interface Markup {
  image: string;
  x: number;
  y: number;
  note: string;
}

export interface QueueItem<T = Record<string, unknown>> {
  review: { key: string; subjectType: string; group: string; step: string; revision: number; dateCreated: string };
  subject: T;
  waitingDays: number;
  waitingMinutes: number;
  /** When the group's decision is due (ISO). */
  deadline: string;
  overdue: boolean;
  /** The record as a person names it (lib/server/naming), in the reader's language. */
  name: { reference: string | null; title: string; counterparty: string | null; detail: string | null; label: string };
}

type RecordAnswer = AnswerData<'/api/v1/{entity}/{id}/{action}', 'get'>;

export type HistoryReview = Extract<RecordAnswer, { reviews: unknown }>['reviews'][number];

export interface History<T = Record<string, unknown>> {
  subject: T;
  reviews: HistoryReview[];
  log: {
    id: string;
    action: string;
    path: string;
    time: string;
    remarks: string | null;
    sub: string | null;
    /** Who acted, by name; null for the system. */
    actor: string | null;
    /** The entry in words, in the reader's language (lib/server/workflow/readable.ts). */
    readable: { actor: string; action: string; change: string; summary: string };
  }[];
  versions: { step: string; revision: number; data: T; dateCreated: string }[];
}

export interface Answer<T> {
  status: number;
  data: T | null;
  errors: Record<string, string>;
  message: string | null;
}

function answerOf<T>(envelope: { status: number; data: unknown } | null): Answer<T> {
  if (!envelope) return { status: 1, data: null, errors: {}, message: null };
  if (envelope.status === 0) return { status: 0, data: envelope.data as T, errors: {}, message: null };
  const detail = envelope.data as { errors?: Record<string, string> } | string;
  return {
    status: envelope.status,
    data: null,
    errors: typeof detail === 'object' && detail?.errors ? detail.errors : {},
    message: typeof detail === 'string' ? detail : null,
  };
}

/** The approval queue of one kind for the signed-in reviewer (GET /api/v1/Holder/approve/{kind}). */
export function useApprovalQueue<T = Record<string, unknown>>(kind: ApprovalKind) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(token ? ['queue', kind, token] : null, async () => {
    const answer = await api.GET('/api/v1/Holder/approve/{kind}', { params: { path: { kind } }, token });
    // The spec names only the subject's key and state; the server sends the whole record, which the page reads as T.
    return answer?.status === 0 ? answer.data.map((item): QueueItem<T> => ({ ...item, subject: item.subject as T })) : [];
  });
}

/** A record's reviews, log and versions (GET /api/v1/{Entity}/{id}/history). */
export function useHistory<T = Record<string, unknown>>(entity: string, key: string | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(key && token ? ['history', entity, key, token] : null, async () => {
    const answer = await api.GET('/api/v1/{entity}/{id}/{action}', {
      params: { path: { entity, id: key!, action: 'history' } },
      token,
    });
    // One spec path serves every action, so its answer is the union of them; 'history' answers this branch.
    return answer?.status === 0 ? (answer.data as History<T>) : null;
  });
}

export type LatestDecision = AnswerData<'/api/v1/Review/latest', 'post'>['items'][number];

/** The records a list asks the last decision of: `entity`'s records by key, in the list's order. */
export interface LatestDecisionsRead {
  entity: 'IP' | 'Usage' | 'License' | 'Product' | 'SalesReport' | 'Invoice';
  keys: string[];
}

/** SWR's key of a latest-decisions read, as the hook below and a page's first reads build it. */
export function latestDecisionsKey(read: LatestDecisionsRead, token: string) {
  return ['latest', read.entity, read.keys.join(' '), token] as const;
}

/**
 * The last decision on each record a list shows (POST /api/v1/Review/latest), by record key: one
 * read for the whole list instead of a history per row.
 */
export function useLatestDecisions(read: LatestDecisionsRead | null) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  const { data } = useSWR(read && read.keys.length && token ? latestDecisionsKey(read, token) : null, async () => {
    const answer = await api.POST('/api/v1/Review/latest', { body: read!, token });
    return answer?.status === 0 ? answer.data.items : null;
  });
  return new Map((data ?? []).map((decision) => [decision.subject, decision]));
}

/** What the caller may do with a record now (GET /api/v1/{Entity}/{id}/actions): pages offer exactly these steps. */
export type RecordActions = Extract<RecordAnswer, { actions: unknown }>;

/**
 * `state`, when given, is part of the cache key: a list that reloads a record after a step asks
 * again for what its new state offers instead of showing the old state's buttons.
 */
export function useRecordActions(entity: string, key: string | null, state?: string) {
  const { data: session } = useSession();
  const token = session?.accessToken;
  return useSWR(key && token ? ['actions', entity, key, state ?? '', token] : null, async () => {
    const answer = await api.GET('/api/v1/{entity}/{id}/{action}', {
      params: { path: { entity, id: key!, action: 'actions' } },
      token,
    });
    // One spec path serves every action, so its answer is the union of them; 'actions' answers this branch.
    return answer?.status === 0 ? (answer.data as RecordActions) : null;
  });
}

/** The caller's group decides on a queue item. */
export async function decideOnItem(
  kind: ApprovalKind,
  key: string,
  decision: Decision,
  comment: string,
  markups: Markup[],
  token?: string,
) {
  type Moved = { moved: boolean; subject: Record<string, unknown> };
  return answerOf<Moved>(
    await api.POST('/api/v1/Holder/approve/{kind}/{id}', {
      params: { path: { kind, id: key } },
      token,
      body: { decision, comment: comment || undefined, markups },
    }),
  );
}

/** Decides one Review directly (PATCH /api/v1/Review/{id}/{state}). */
export async function decideReview(reviewKey: string, decision: Decision, comment: string, markups: Markup[], token?: string) {
  type Moved = { moved: boolean; subject: Record<string, unknown> };
  return answerOf<Moved>(
    await api.PATCH('/api/v1/Review/{id}/{state}', {
      params: { path: { id: reviewKey, state: decision } },
      token,
      body: { comment: comment || undefined, markups },
    }),
  );
}

/** Takes a step of a record's flow: submit, resubmit, publish, retire, revoke, … */
export async function takeStep<T = Record<string, unknown>>(
  entity: string,
  key: string,
  action: string,
  comment: string | undefined,
  token?: string,
) {
  return answerOf<T>(
    await api.POST('/api/v1/{entity}/{id}/{action}', {
      params: { path: { entity, id: key, action } },
      token,
      body: comment ? { comment } : {},
    }),
  );
}
