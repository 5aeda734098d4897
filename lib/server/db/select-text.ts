import type { SQL } from 'drizzle-orm';
import { cachedAnswer } from './answer-cache';
import type { DbHandle } from './client';
import { firstRow } from './run-text';
import { shapedQuery } from './sql-shape';

/**
 * The first column of the first row of a statement that builds its own answer as text (JSON made
 * by the database), or null when it returns no row. With `scope` (the caller's, answer-key.ts) the
 * answer may come from the answer cache, which serves it again only while no table it read has
 * been written since; without, the statement always runs.
 */
export async function selectText(handle: DbHandle, query: SQL, scope?: string): Promise<string | null> {
  const shaped = shapedQuery(query);
  if (scope !== undefined) {
    const cached = await cachedAnswer(handle, shaped, scope);
    if (cached !== undefined) return cached.text;
  }
  const row = await firstRow(handle, shaped.text, shaped.params);
  return (row?.[0] as string | null | undefined) ?? null;
}
