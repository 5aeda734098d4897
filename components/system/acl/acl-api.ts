import useSWR from 'swr';
import type { AnswerData } from '@/lib/client/api';
import type { Envelope } from '@/lib/client/fetcher';
import { useCoreCaller } from '../queue/queue-api';
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

export const useAclCaller = useCoreCaller;

/** One page of the users whose e-mail or name contains `q` (POST /users/list), from a cursor. */
export function useUserPage(q: string, cursor: string | undefined) {
  const { token, core } = useAclCaller();
  return useSWR(token ? ['acl-users', q, cursor ?? '', token] : null, async () => {
    const answer = await core.POST('/api/core/users/list', { token, body: { q: q || undefined, limit: 20, cursor } });
    return answer?.status === 0 ? answer.data : null;
  });
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

/** One page of the admin log, newest first, filtered (GET /audit/log), from a cursor. */
export function useAuditLog(filters: AuditFilters, cursor: string | undefined) {
  const { token, core } = useAclCaller();
  const query = {
    limit: 20,
    cursor,
    ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value.trim() || undefined])),
  };
  return useSWR<Envelope<AuditPage> | null>(token ? ['acl-log', JSON.stringify(query), token] : null, () =>
    core.GET('/api/core/audit/log', { params: { query }, token }),
  );
}
