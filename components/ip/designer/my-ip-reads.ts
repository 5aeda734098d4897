import { keysQuery, type QueryBody } from '@/lib/client/entities';
import type { LatestDecisionsRead } from '@/lib/client/flow';

type Row = Record<string, unknown>;

const keyOf = (row: Row) => (typeof row.key === 'string' ? row.key : '');

/**
 * What the designer's IP list reads beside its rows, built from the rows alone so the page's first
 * reads (pages/[lang]/designer/iplist) and the table's hooks ask the very same questions.
 */
export function myIpDecisionsRead(rows: readonly Row[]): LatestDecisionsRead | null {
  const keys = rows.map(keyOf).filter(Boolean);
  return keys.length ? { entity: 'IP', keys } : null;
}

/** The primary IPs the rows were made from, for their names: one query for the whole list. */
export function parentNamesQuery(rows: readonly Row[]): QueryBody | null {
  return keysQuery(rows.map((row) => row.parent));
}
