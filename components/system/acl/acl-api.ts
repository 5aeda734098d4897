import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { coreClient, type AnswerData } from '@/lib/client/api';
import type { Envelope } from '@/lib/client/fetcher';
import { useShell } from '@/lib/client/settings-context';
import type { ReadableEntry } from '@/components/audit/LogEntryText';

type UserPage = AnswerData<'/api/core/users/list', 'post'>;
export type UserRow = UserPage['items'][number];

export type AclRequestRow = AnswerData<'/api/core/users/acl/request', 'get'>['items'][number];

export interface AuditPerson {
  sub: string;
  name: string;
  nickname: string;
  email: string;
}

export interface AuditEntry {
  key: string;
  time: string;
  action: string;
  ref: string | null;
  who: AuditPerson;
  person: AuditPerson | null;
  data: Record<string, unknown>;
  readable: ReadableEntry;
}

export interface AuditPage {
  items: AuditEntry[];
  next: string | null;
}

export interface AuditFilters {
  q: string;
  actor: string;
  action: string;
  ref: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { q: '', actor: '', action: '', ref: '', from: '', to: '' };

/** Field errors of a status 5 answer, else null. */
export function fieldErrorsOf(answer: Envelope<unknown> | null): Record<string, string> | null {
  const data = answer?.data;
  if (answer && answer.status !== 0 && data && typeof data === 'object' && 'errors' in data) {
    return (data as { errors: Record<string, string> }).errors;
  }
  return null;
}

export function displayName(user: Pick<UserRow, 'first_name' | 'last_name' | 'nickname' | 'email'>): string {
  return [user.last_name, user.first_name].filter(Boolean).join(' ') || user.nickname || user.email;
}

export function useAclCaller() {
  const { settings } = useShell();
  const { data: session } = useSession();
  const token = session?.accessToken;
  return { token, core: coreClient(settings.coreApiUrl) };
}

/** Users whose e-mail or name contains `q`, page after page (POST /users/list). */
export function useUserPages(q: string) {
  const { token, core } = useAclCaller();
  return useSWRInfinite<UserPage | null>(
    (index, previous: UserPage | null) => {
      if (!token) return null;
      if (index > 0 && !previous?.next) return null;
      return ['acl-users', q, index > 0 ? previous!.next : '', token];
    },
    async ([, text, cursor]: [string, string, string, string]) => {
      const answer = await core.POST('/api/core/users/list', {
        token,
        body: { q: text || undefined, limit: 20, cursor: cursor || undefined },
      });
      return answer?.status === 0 ? answer.data : null;
    },
  );
}

/** One user's access entries (POST /users/acl). */
export function useUserEntries(sub: string | null) {
  const { token, core } = useAclCaller();
  return useSWR(sub && token ? ['acl-entries', sub, token] : null, async () => {
    const answer = await core.POST('/api/core/users/acl', { token, body: { sub: sub! } });
    return answer?.status === 0 ? answer.data.entries : null;
  });
}

/** Pending access requests (GET /users/acl/request: all pending ones for administrators). */
export function usePendingRequests() {
  const { token, core } = useAclCaller();
  return useSWR(token ? ['acl-requests', token] : null, async () => {
    const answer = await core.GET('/api/core/users/acl/request', { token });
    return answer?.status === 0 ? answer.data.items : null;
  });
}

/** The admin log, newest first, filtered (GET /audit/log). */
export function useAuditLog(filters: AuditFilters) {
  const { token, core } = useAclCaller();
  return useSWRInfinite<Envelope<AuditPage> | null>(
    (index, previous: Envelope<AuditPage> | null) => {
      if (!token) return null;
      if (index > 0 && !(previous?.status === 0 && previous.data.next)) return null;
      const params = new URLSearchParams({ limit: '20' });
      for (const [name, value] of Object.entries(filters)) if (value.trim()) params.set(name, value.trim());
      if (index > 0 && previous?.status === 0 && previous.data.next) params.set('cursor', previous.data.next);
      return ['acl-log', params.toString(), token];
    },
    async ([, params]: [string, string, string]) => {
      // The key keeps the query string; the call names each parameter the spec lists.
      const sent = new URLSearchParams(params);
      const text = (name: keyof AuditFilters | 'cursor') => sent.get(name) ?? undefined;
      const query = { limit: 20, q: text('q'), actor: text('actor'), action: text('action'), ref: text('ref') };
      return core.GET('/api/core/audit/log', {
        params: { query: { ...query, from: text('from'), to: text('to'), cursor: text('cursor') } },
        token,
      });
    },
  );
}
