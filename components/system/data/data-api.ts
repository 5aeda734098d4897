import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { api, type AnswerData } from '@/lib/client/api';
import { keysQuery } from '@/lib/client/entities';

export type PersonRow = AnswerData<'/api/sys/people', 'post'>['items'][number];

export function personLabel(person: PersonRow | null | undefined): string {
  if (!person) return '—';
  return [person.last_name, person.first_name].filter(Boolean).join(' ') || person.nickname || person.email || person.sub;
}

function useToken() {
  const { data: session } = useSession();
  return session?.accessToken;
}

/** People behind subs (POST /api/sys/people), as a map; empty until loaded. */
export function usePeople(subs: string[]) {
  const token = useToken();
  const unique = [...new Set(subs)].sort();
  const { data } = useSWR(token && unique.length ? ['sys-people', unique.join(','), token] : null, async () => {
    const answer = await api.POST('/api/sys/people', { token, body: { subs: unique } });
    return answer?.status === 0 ? answer.data.items : [];
  });
  return new Map((data ?? []).map((p) => [p.sub, p]));
}

export interface OrganisationRow {
  key: string;
  name: string;
  email: string | null;
  country: string | null;
  dateCreated: string;
  owner: PersonRow | null;
  members: number;
  licenses: number;
}

/** One page of licensee organisations (GET /api/sys/licensees), from a cursor. */
export function useOrganisations(q: string, cursor: string | undefined) {
  const token = useToken();
  const params = new URLSearchParams({ limit: '50' });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return useSWR(token ? ['sys-orgs', params.toString(), token] : null, async () => {
    const answer = await api.GET('/api/sys/licensees', {
      params: { query: { limit: 50, q: q || undefined, cursor: cursor || undefined } },
      token,
    });
    return answer?.status === 0 ? answer.data : null;
  });
}

export type MemberRow = AnswerData<'/api/role/licensee/{x}', 'get'>['members'][number];

/** One organisation's members with their roles (GET /api/role/licensee/{key}). */
export function useMembers(key: string | null) {
  const token = useToken();
  return useSWR(key && token ? ['sys-org-members', key, token] : null, async () => {
    const answer = await api.GET('/api/role/licensee/{x}', { params: { path: { x: key! } }, token });
    return answer?.status === 0 ? answer.data.members : null;
  });
}

export interface LicenseRow {
  key: string;
  ip: string;
  state: string;
  term_start: string;
  term_end: string;
  royalty_rate_bp: number;
}

/** One organisation's licenses with the names of their IPs. */
export function useOrgLicenses(key: string | null) {
  const token = useToken();
  return useSWR(key && token ? ['sys-org-licenses', key, token] : null, async () => {
    const answer = await api.POST('/api/v1/License/query', {
      token,
      body: { filter: { licensee: key }, sort: { dateCreated: -1 }, limit: 200 },
    });
    if (answer?.status !== 0) return null;
    // The spec leaves a License's fields optional; the query answers whole records.
    const licenses = (answer.data.items ?? []) as LicenseRow[];
    const byKeys = keysQuery(licenses.map((l) => l.ip));
    const ips = byKeys ? await api.POST('/api/v1/IP/query', { token, body: byKeys }) : null;
    const names = new Map((ips?.status === 0 ? (ips.data.items ?? []) : []).map((ip) => [ip.key, ip.name]));
    return licenses.map((l) => ({ ...l, ipName: names.get(l.ip) ?? l.ip }));
  });
}
