/**
 * On PostgreSQL the app's pooled connections keep drizzle's statements prepared by name
 * (lib/server/db/statement-names.ts): the server has them in pg_prepared_statements after their
 * first run and runs them again from there, with the same answers. PGlite has nothing to save.
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDbHandle, schema, type DbHandle } from '@/lib/server/db/client';
import { ips } from '@/lib/server/db/entities-schema';
import { statementName } from '@/lib/server/db/statement-names';
import { newKey } from '@/lib/server/keys';
import { fixtureReference } from './references';

let handle: DbHandle;

beforeAll(async () => {
  await ensureReady();
  handle = await getDbHandle();
});

describe('prepared statements on PostgreSQL', () => {
  it('keeps a drizzle statement prepared on the connection that ran it, by its name, and answers alike', async (ctx) => {
    if (!handle.pool) ctx.skip();
    const client = await handle.pool!.connect();
    try {
      const db = drizzle(client, { schema });
      const key = newKey();
      await db
        .insert(ips)
        .values({ key, reference: fixtureReference('IP'), name: 'Prepared once', kind: 'primary', state: 'draft' });
      const read = () => db.select({ name: ips.name }).from(ips).where(eq(ips.key, key));
      const first = await read();
      const second = await read();
      expect(first).toEqual([{ name: 'Prepared once' }]);
      expect(second).toEqual(first);
      const text = read().toSQL().sql;
      const prepared = await client.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements where name = $1',
        [statementName(text)],
      );
      expect(prepared.rows).toEqual([{ name: statementName(text), statement: text }]);
      // Transaction control is never prepared.
      const all = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
      expect(all.rows.some((r) => /^\s*(begin|commit|rollback)/i.test(r.statement))).toBe(false);
    } finally {
      client.release();
    }
  });
});
