import { useMemo } from 'react';
import { useEntityQuery } from '@/lib/client/entities';

/** Names of records by key (licensees, products…), looked up in one query; keys not found stay absent. */
export function useNames(entity: string, keys: readonly (string | null | undefined)[]): Map<string, string> {
  const unique = useMemo(
    () => [...new Set(keys.filter((k): k is string => typeof k === 'string' && k.length > 0))].sort(),
    [keys],
  );
  const { data } = useEntityQuery<{ key: string; name: string }>(
    entity,
    unique.length ? { filter: { key: { $in: unique } }, limit: Math.min(unique.length, 500) } : null,
  );
  return useMemo(() => new Map((data?.items ?? []).map((row) => [row.key, row.name])), [data]);
}
