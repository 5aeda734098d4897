/**
 * PGlite's notifications as the answer cache relies on them (local-versions.ts): migration 0027's
 * trigger function reports a committed write of a table to this process by the time the
 * statement (or the COMMIT) that wrote it resolves, never a write that was rolled back, and only
 * while the session asks for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForVersions, LocalVersions } from '@/lib/server/db/local-versions';

let client: PGlite;
let versions: LocalVersions;

beforeAll(async () => {
  client = new PGlite();
  // 0026's tables, 0027's function, and two tables with 0026's trigger.
  await client.exec(`create table data_changes (table_name text not null, xact bigint not null, primary key (table_name, xact));
    create table data_versions (table_name text primary key, version bigint not null default 0);`);
  await client.exec(
    fs.readFileSync(path.join(import.meta.dirname, '../../lib/server/db/migrations/0027_data_version_notify.sql'), 'utf8'),
  );
  for (const table of ['a', 'b']) {
    await client.exec(`create table ${table} (x int);
      create trigger data_version_bump after insert or update or delete or truncate on ${table}
        for each statement execute function data_version_bump();`);
  }
  versions = (await listenForVersions(client))!;
  // PGlite's first start compiles its WASM: slow on a busy machine.
}, 120_000);

afterAll(async () => {
  await client.close();
});

const both = () => [versions.sum(['a']), versions.sum(['b'])];

describe('local versions on PGlite', () => {
  it('adds up the counts of the tables asked for', () => {
    const local = new LocalVersions();
    local.bump('a');
    local.bump('a');
    local.bump('b');
    expect([local.sum(['a']), local.sum(['a', 'b']), local.sum(['c']), local.sum([])]).toEqual([2, 3, 0, 0]);
  });

  it('counts an autocommitted write by the time its statement resolves, and only its table', async () => {
    const [a, b] = both();
    await client.query('insert into a values ($1)', [1]);
    expect(both()).toEqual([a! + 1, b]);
    await client.exec('update a set x = x; delete from b');
    expect(both()).toEqual([a! + 2, b! + 1]);
  });

  it('counts a transaction once per table, at its commit, through drizzle and savepoints', async () => {
    const db = drizzle(client);
    const [a, b] = both();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into a values (2)`);
      await tx.execute(sql`update a set x = x + 1`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into b values (2)`);
      });
      // Not before the commit: another reader must still be served the answer of before.
      expect(both()).toEqual([a, b]);
    });
    expect(both()).toEqual([a! + 1, b! + 1]);
  });

  it('does not count a write that is rolled back, whole or to a savepoint', async () => {
    const db = drizzle(client);
    const [a, b] = both();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into a values (3)`);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(both()).toEqual([a, b]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into a values (4)`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into b values (4)`);
          throw new Error('undo inner');
        }),
      ).rejects.toThrow('undo inner');
    });
    expect(both()).toEqual([a! + 1, b]);
  });

  it('sees a write that changes no row, and none while the session has not asked (as on PostgreSQL)', async () => {
    expect(await versions.seesWriteOf('a', () => client.query('delete from a where false'))).toBe(true);
    await client.exec('reset app.version_notify');
    try {
      expect(await versions.seesWriteOf('a', () => client.query('insert into a values (5)'))).toBe(false);
    } finally {
      await client.exec(`set app.version_notify = 'on'`);
    }
  });
});
