import { useMemo } from 'react';
import { keysQuery, useEntityQuery } from '@/lib/client/entities';

/**
 * Names of records by key (IPs, licensees, products…), looked up in one query; keys not found (or
 * not readable by the caller) stay absent. `field` picks what names them: `reference` for
 * licenses, whose number is their name; `creator_name` for designers.
 */
export function useNames(
  entity: string,
  keys: readonly unknown[],
  field: 'name' | 'reference' | 'creator_name' = 'name',
): Map<string, string> {
  const { data } = useEntityQuery<Record<string, string>>(
    entity,
    useMemo(() => keysQuery(keys), [keys]),
  );
  return useMemo(() => new Map((data?.items ?? []).map((row) => [row.key!, row[field] ?? ''])), [data, field]);
}
