import { useEntityQuery } from '@/lib/client/entities';

type Row = Record<string, unknown>;

export interface PermittedIp {
  key: string;
  name: string;
}

/**
 * The primary IPs the signed-in designer holds an approved usage permit for: their approved
 * Usage records, then those IPs' names.
 */
export function usePermittedIps(sub: string | undefined) {
  const usages = useEntityQuery<Row>('Usage', sub ? { filter: { applicant: sub, state: 'approved' }, limit: 200 } : null);
  const ipKeys = [...new Set((usages.data?.items ?? []).map((u) => String(u.ip)))].sort();
  const ips = useEntityQuery<Row>('IP', ipKeys.length ? { filter: { key: { $in: ipKeys } }, limit: 200 } : null);
  const names = new Map((ips.data?.items ?? []).map((ip) => [String(ip.key), String(ip.name ?? '')]));
  const permitted: PermittedIp[] = ipKeys.map((key) => ({ key, name: names.get(key) ?? key }));
  return {
    permitted,
    isLoading: usages.isLoading || (ipKeys.length > 0 && ips.isLoading),
    nameOf: (key: unknown) => (typeof key === 'string' ? (names.get(key) ?? null) : null),
  };
}
