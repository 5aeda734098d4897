import type { PGlite } from '@electric-sql/pglite';
import type { DbHandle } from './client';

/**
 * The first row of a statement given as text and values, its columns in order, or undefined when
 * it returns none. On PostgreSQL the pool's connections prepare it once by name (statement-names.ts);
 * PGlite, in the same process, has no round trip to save and runs it as it is.
 */
export async function firstRow(handle: DbHandle, text: string, params: unknown[]): Promise<unknown[] | undefined> {
  if (handle.pool) {
    const result = await handle.pool.query<unknown[]>({ text, values: params, rowMode: 'array' });
    return result.rows[0];
  }
  // Both drivers hand their client to drizzle as $client; the PGlite one is typed as node-postgres's.
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const result = await client.query<unknown[]>(text, params, { rowMode: 'array' });
  return result.rows[0];
}
