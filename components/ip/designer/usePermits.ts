import { keysQuery, useEntityQuery, type QueryBody } from '@/lib/client/entities';

type Row = Record<string, unknown>;

export interface PermittedIp {
  key: string;
  name: string;
}

/** The designer's approved usage permits (its own applications). */
export function approvedPermitsQuery(sub: string): QueryBody {
  return { filter: { applicant: sub, state: 'approved' }, limit: 200 };
}

/** The primary IPs those permits are for, each once, in a stable order. */
export function permittedKeys(usages: readonly Row[]): string[] {
  return [...new Set(usages.map((u) => String(u.ip)))].sort();
}

/** The names of the permitted IPs: one query for all of them. */
export function permittedNamesQuery(ipKeys: readonly string[]): QueryBody | null {
  return keysQuery(ipKeys);
}

/**
 * The primary IPs the signed-in designer holds an approved usage permit for: their approved
 * Usage records, then those IPs' names.
 */
export function usePermittedIps(sub: string | undefined) {
  const usages = useEntityQuery<Row>('Usage', sub ? approvedPermitsQuery(sub) : null);
  const ipKeys = permittedKeys(usages.data?.items ?? []);
  const ips = useEntityQuery<Row>('IP', permittedNamesQuery(ipKeys));
  const names = new Map((ips.data?.items ?? []).map((ip) => [String(ip.key), String(ip.name ?? '')]));
  const permitted: PermittedIp[] = ipKeys.map((key) => ({ key, name: names.get(key) ?? key }));
  return {
    permitted,
    isLoading: usages.isLoading || (ipKeys.length > 0 && ips.isLoading),
    nameOf: (key: unknown) => (typeof key === 'string' ? (names.get(key) ?? null) : null),
  };
}
