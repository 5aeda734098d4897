import { useMemo } from 'react';
import { useEntityQuery } from '@/lib/client/entities';

/**
 * Names of records by key (licensees, products…), looked up in one query; keys not found stay
 * absent. `field` picks what names them: `reference` for licenses, whose number is their name.
 */
export function useNames(
  entity: string,
  keys: readonly (string | null | undefined)[],
  field: 'name' | 'reference' = 'name',
): Map<string, string> {
  const unique = useMemo(
    () => [...new Set(keys.filter((k): k is string => typeof k === 'string' && k.length > 0))].sort(),
    [keys],
  );
  const { data } = useEntityQuery<Record<string, string>>(
    entity,
    unique.length ? { filter: { key: { $in: unique } }, limit: Math.min(unique.length, 500) } : null,
  );
  return useMemo(() => new Map((data?.items ?? []).map((row) => [row.key!, row[field] ?? ''])), [data, field]);
}
