import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { DbHandle } from './client';

/**
 * Statements are prepared once per connection under a name derived from their text, which is
 * built once per shape (sql-shape.ts). Every distinct text stays prepared on every pooled
 * connection for the connection's life, so only the first shapes seen get a name (a hot path has
 * few); any further one runs unnamed.
 */
const MAX_NAMED = 1000;
const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `ipl_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The first row of a statement given as text and values, its columns in order, or undefined when
 * it returns none. PostgreSQL runs it as a named prepared statement; PGlite, in the same process,
 * has no round trip to save and runs it as it is.
 */
export async function firstRow(handle: DbHandle, text: string, params: unknown[]): Promise<unknown[] | undefined> {
  if (handle.pool) {
    const result = await handle.pool.query<unknown[]>({ name: statementName(text), text, values: params, rowMode: 'array' });
    return result.rows[0];
  }
  // Both drivers hand their client to drizzle as $client; the PGlite one is typed as node-postgres's.
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const result = await client.query<unknown[]>(text, params, { rowMode: 'array' });
  return result.rows[0];
}
