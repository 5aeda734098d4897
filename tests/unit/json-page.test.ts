import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, type PgColumn } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/server/db/client';
import type { EntityDef } from '@/lib/server/entities/definitions';
import { base64url, columnFields, columnJson, objectText, pageStatement, withMember } from '@/lib/server/query/json-page';
import { parseQueryRequest, runQuery } from '@/lib/server/query/page';

/**
 * The SQL-built answers against what the rows read through drizzle give once serialised: the same
 * text after JSON.parse and JSON.stringify (so names, order and values, not spacing).
 */

const things = pgTable('things', {
  key: text('key').primaryKey(),
  dateCreated: timestamp('date_created', { withTimezone: true, mode: 'date' }).notNull(),
  dateUpdated: timestamp('date_updated', { withTimezone: true, mode: 'date' }),
  name: text('name'),
  count: integer('count').notNull(),
  amount: bigint('amount', { mode: 'number' }),
  flag: boolean('flag'),
  data: jsonb('data'),
  labels: text('labels').array().notNull(),
});

const def = {
  name: 'Tag',
  table: things,
  queryable: ['key', 'dateCreated', 'dateUpdated', 'name', 'count', 'amount', 'flag'],
  fields: {},
} as unknown as EntityDef;

const ROWS = [
  ['a1', '2026-01-02 03:04:05.999999+00', null, 'plain', 1, 0, true, '{"b": 1, "a": [1.5, null, "x"]}', '{}'],
  [
    'a2',
    '2026-01-02 03:04:05.999999+00',
    '2026-02-03 04:05:06.000001+00',
    'quote " back \\ tab \t nl \n ctl \u0001',
    -5,
    9007199254740991,
    false,
    '[]',
    '{"x,y","z\\"w"}',
  ],
  ['a3', '1999-12-31 23:59:59.5+09', '2026-02-03 04:05:06+00', '日本語 ✓ 🐈 \u2028', 2147483647, null, null, 'null', '{NULL}'],
  ['a4', '2026-06-01 00:00:00+00', null, null, 0, 123, true, '{"nested": {"deep": [true, false, 1e3, 0.1]}}', '{a,b,c}'],
  ['a5', '1000-01-01 00:00:00.000999+00', null, '', 7, -1, false, '"text"', '{}'],
];

let client: PGlite;
let db: Db;
const dialect = new PgDialect();

async function answer(query: SQL): Promise<string | null> {
  const { sql: statement, params } = dialect.sqlToQuery(query);
  const result = await client.query<[string | null]>(statement, params, { rowMode: 'array' });
  return result.rows[0]?.[0] ?? null;
}

const normal = (json: string) => JSON.stringify(JSON.parse(json));

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client) as unknown as Db;
  await client.exec(`create table things (key text primary key, date_created timestamptz not null, date_updated timestamptz,
    name text, count integer not null, amount bigint, flag boolean, data jsonb, labels text[] not null)`);
  for (const row of ROWS) {
    await client.query('insert into things values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::text[])', row);
  }
  // PGlite's first start compiles its WASM: slow on a busy machine.
}, 120_000);

afterAll(async () => {
  await client.close();
});

describe('columns as JSON', () => {
  it('supports every column kind of the entity tables and refuses others', () => {
    expect(columnFields(getTableColumns(things) as Record<string, PgColumn>)?.map((f) => f.name)).toEqual(
      Object.keys(getTableColumns(things)),
    );
    const other = pgTable('other', { at: timestamp('at', { mode: 'string' }) });
    expect(columnJson(getTableColumns(other).at as PgColumn)).toBeUndefined();
  });

  it('writes each row as drizzle and JSON.stringify do', async () => {
    const item = objectText(columnFields(getTableColumns(things) as Record<string, PgColumn>)!);
    const expected = await db.select().from(things).orderBy(things.key);
    const built = await client.query<[string]>(
      dialect.sqlToQuery(sql`select ${item} from ${things} order by ${things.key}`).sql,
      [],
      { rowMode: 'array' },
    );
    expect(built.rows.map((r) => normal(r[0]))).toEqual(expected.map((r) => JSON.stringify(r)));
  });

  it('adds a member last only when its value is not null', async () => {
    const object = objectText([{ name: 'key', value: sql`${things.key}` }]);
    const withIt = await answer(
      sql`select ${withMember(object, 'extra', sql`'{"k":"v"}'`)} from ${things} where ${things.key} = 'a1'`,
    );
    expect(withIt).toBe('{"key":"a1","extra":{"k":"v"}}');
    const without = await answer(
      sql`select ${withMember(object, 'extra', sql`null::text`)} from ${things} where ${things.key} = 'a1'`,
    );
    expect(without).toBe('{"key":"a1"}');
  });

  it('encodes base64url as Buffer does, over line lengths encode() would wrap', async () => {
    for (const value of ['', 'a', 'ab', 'abc', '日本語'.repeat(40), '\u0001?>~'.repeat(30)]) {
      const got = await answer(sql`select ${base64url(sql`${value}::text`)}`);
      expect(got).toBe(Buffer.from(value, 'utf8').toString('base64url'));
    }
  });
});

describe('a page built by the database', () => {
  const sorts: unknown[] = [
    undefined,
    { name: 1 },
    { count: -1 },
    { amount: 1 },
    { flag: -1, dateUpdated: 1 },
    { dateCreated: 1 },
  ];
  for (const sort of sorts) {
    it(`equals the JS page and its cursors, sort ${JSON.stringify(sort)}`, async () => {
      const item = objectText(columnFields(getTableColumns(things) as Record<string, PgColumn>)!);
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const plan = parseQueryRequest(def, { sort, limit: 2, ...(cursor ? { cursor } : {}) });
        const page = await runQuery(db, def, plan);
        const expected = JSON.stringify({ items: page.rows, nextCursor: page.nextCursor });
        const built = await answer(
          pageStatement({
            table: things,
            where: plan.where && plan.after ? sql`${plan.where} and ${plan.after}` : (plan.where ?? plan.after),
            orderBy: plan.orderBy,
            limit: plan.limit,
            item,
            sort: plan.sort,
          }),
        );
        expect(normal(built!)).toBe(expected);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
    });
  }

  it('answers an empty page', async () => {
    const item = objectText([{ name: 'key', value: sql`${things.key}` }]);
    const plan = parseQueryRequest(def, { filter: { name: 'nothing' } });
    const built = await answer(
      pageStatement({ table: things, where: plan.where, orderBy: plan.orderBy, limit: plan.limit, item, sort: plan.sort }),
    );
    expect(built).toBe('{"items":[],"nextCursor":null}');
  });
});
