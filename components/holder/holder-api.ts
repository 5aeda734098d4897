import { signIn, useSession } from 'next-auth/react';
import { fullName } from '@/lib/format/person-name';
import useSWR from 'swr';
import { hasAccess } from '@/lib/acl/match';
import { accessLists } from '@/lib/acl/roles';
import { api, coreClient, type AnswerData } from '@/lib/client/api';
import { storeCurrentAddress } from '@/lib/client/redirect-store';
import { useShell } from '@/lib/client/settings-context';
import type { ReadableEntry } from '@/components/audit/LogEntryText';

export const APPROVER_GROUPS = ['legal', 'brand', 'cfl', 'boss'] as const;
export const MANAGER_GROUPS = ['legal', 'brand', 'cfl'] as const;
export type ApproverGroup = (typeof APPROVER_GROUPS)[number];
export type ManagerGroup = (typeof MANAGER_GROUPS)[number];

export type HolderRoles = AnswerData<'/api/role/get', 'get'>;

/** A person as /api/role/get lists them. */
export type Person = HolderRoles['manager_legal'][number];

export interface LogPerson {
  sub: string;
  name: string;
  nickname: string;
  email: string;
}

export interface HolderLogEntry {
  key: string;
  time: string;
  action: string;
  ref: string | null;
  who: LogPerson;
  person: LogPerson | null;
  before: unknown;
  after: unknown;
  data: Record<string, unknown>;
  readable: ReadableEntry;
}

export interface HolderLogPage {
  items: HolderLogEntry[];
  people: Record<string, LogPerson>;
  next: string | null;
}

/** Display name in the page's language (family name first on jp), else the nickname, else the e-mail. */
export function personName(
  person: Pick<Person, 'first_name' | 'last_name' | 'nickname' | 'email'>,
  lang: 'jp' | 'en' = 'jp',
): string {
  return fullName({ first: person.first_name, last: person.last_name }, lang) || person.nickname || person.email;
}

function useToken(): string | undefined {
  const { data: session } = useSession();
  return session?.accessToken;
}

/** The default holder's approver groups and managers (GET /api/role/get). */
export function useHolderRoles() {
  const token = useToken();
  return useSWR(token ? ['holder-roles', token] : null, async () => {
    const answer = await api.GET('/api/role/get', { token });
    return answer?.status === 0 ? answer.data : null;
  });
}

/** The holder's contract signers; null when the caller may not read them. */
export function useContractSigners() {
  const token = useToken();
  return useSWR(token ? ['holder-contract', token] : null, async () => {
    const answer = await api.GET('/api/role/contract', { token });
    return answer?.status === 0 ? answer.data.signers : null;
  });
}

export interface HolderPermissions {
  /** Approver groups whose members the signed-in user may add and remove. */
  approverGroups: readonly ApproverGroup[];
  /** Managers, the boss group and contract signers. */
  holderLists: boolean;
}

/**
 * What the signed-in user may change, computed the way the server's holderAuthority does:
 * administrators everything; managers only their groups' approvers (even with the product
 * role); the product role everything; anyone else nothing.
 */
export function useHolderPermissions(): { permissions: HolderPermissions | null; sub: string | null } {
  const { settings } = useShell();
  const token = useToken();
  const { data } = useSWR(token ? ['role-profile', token] : null, async () => {
    const answer = await coreClient(settings.coreApiUrl).GET('/api/core/roles/profile', { token });
    return answer?.status === 0 ? answer.data : null;
  });
  if (!data) return { permissions: null, sub: null };
  const lists = accessLists({ client: settings.aclClient, product: settings.productKey });
  let permissions: HolderPermissions;
  if (hasAccess(lists.system, data.access)) permissions = { approverGroups: APPROVER_GROUPS, holderLists: true };
  else if (data.managerGroups.length) permissions = { approverGroups: data.managerGroups, holderLists: false };
  else if (hasAccess(lists.holderProductOnly, data.access)) permissions = { approverGroups: APPROVER_GROUPS, holderLists: true };
  else permissions = { approverGroups: [], holderLists: false };
  return { permissions, sub: data.sub };
}

/** One page of the admin log (GET /api/role/log), newest first, filtered by `q`, from `cursor`. */
export function useHolderLog(q: string, cursor: string | undefined, pageSize = 20) {
  const token = useToken();
  return useSWR(token ? ['holder-log', q, cursor ?? '', pageSize, token] : null, async () => {
    const answer = await api.GET('/api/role/log', {
      params: { query: { limit: pageSize, q: q || undefined, cursor } },
      token,
    });
    return answer?.status === 0 ? (answer.data as HolderLogPage) : null;
  });
}

export type UserHit = AnswerData<'/api/core/users/list', 'post'>['items'][number];

/** Users whose e-mail or name contains `q` (POST /api/core/users/list). */
export function useUserSearch(q: string) {
  const { settings } = useShell();
  const token = useToken();
  const text = q.trim();
  return useSWR(text && token ? ['user-search', text, token] : null, async () => {
    const answer = await coreClient(settings.coreApiUrl).POST('/api/core/users/list', { token, body: { q: text, limit: 8 } });
    return answer?.status === 0 ? answer.data.items : [];
  });
}

export type RoleTarget =
  { kind: 'approver'; group: ApproverGroup } | { kind: 'manager'; group: ManagerGroup } | { kind: 'contract' };

/** The route that changes a list; the boss group goes with its access entry (/api/role/boss). */
export function roleChangePath(target: RoleTarget): string {
  if (target.kind === 'contract') return '/api/role/contract';
  if (target.kind === 'approver') return target.group === 'boss' ? '/api/role/boss' : `/api/role/approver/${target.group}`;
  return `/api/role/manager/${target.group}`;
}

export type ChangeOutcome =
  { ok: true } | { ok: false; reason: 'forbidden' | 'notFound' | 'invalid' | 'failed'; detail: string | null };

/**
 * POST (add) or DELETE (remove) one person. Unlike the shared client this keeps the reason of a
 * refusal (403, 404), so that the page can say why nothing changed.
 */
export async function changeRole(
  target: RoleTarget,
  op: 'add' | 'remove',
  sub: string,
  options: { token?: string; lang: string },
): Promise<ChangeOutcome> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-lang': options.lang,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let res: Response;
  try {
    res = await fetch(roleChangePath(target), {
      method: op === 'add' ? 'POST' : 'DELETE',
      headers,
      body: JSON.stringify({ sub }),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, reason: 'failed', detail: null };
  }
  if (res.status === 401) {
    storeCurrentAddress();
    void signIn('oidc', { callbackUrl: window.location.href });
    return { ok: false, reason: 'failed', detail: null };
  }
  let envelope: { status?: number; data?: unknown } | null = null;
  try {
    envelope = (await res.json()) as { status?: number; data?: unknown };
  } catch {
    envelope = null;
  }
  if (res.ok && envelope?.status === 0) return { ok: true };
  const data = envelope?.data;
  const errors =
    data && typeof data === 'object' && 'errors' in data ? (data as { errors?: Record<string, string> }).errors : undefined;
  const detail = errors ? (Object.values(errors)[0] ?? null) : null;
  if (res.status === 403) return { ok: false, reason: 'forbidden', detail: null };
  if (res.status === 404) return { ok: false, reason: 'notFound', detail: null };
  if (res.status === 400 || res.status === 409) return { ok: false, reason: 'invalid', detail };
  return { ok: false, reason: 'failed', detail: null };
}
