import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { type Db, getDb } from '@/lib/server/db/client';
import { ips, sales } from '@/lib/server/db/entities-schema';
import { entities } from '@/lib/server/entities/definitions';
import { newKey } from '@/lib/server/keys';
import { compileAggregate } from '@/lib/server/query/aggregate';
import { parseQueryRequest, runQuery } from '@/lib/server/query/page';
import { fixtureReference } from './references';

/**
 * The query language end to end against a real database: rows inserted here, read back through
 * compiled filters, sorts, cursor pages and aggregates. Every query is scoped to this file's
 * owner marker, which also proves the caller's scope is ANDed in.
 */

const IP = entities.IP;
const Sales = entities.Sales;
const OWNER = `query-test-${newKey(8)}`;
const ipScope = eq(ips.owner, OWNER);
const salesScope = eq(sales.owner, OWNER);

interface IpSeed {
  key: string;
  name: string;
  kind: string;
  state: string;
  holder: string | null;
  tags: string[];
  /** Exact (microsecond) creation time, which a JS Date could not carry. */
  created: string;
}

const NAMES = ['Alpha 50% Off', 'alpha_one', 'ALPHA two', 'Alpha50 Off', 'alphaXone', 'back\\slash', "o'neil"];
const ipSeeds: IpSeed[] = [];
for (let i = 0; i < 30; i++) {
  // Ten rows share one instant to the microsecond (as one INSERT with now() would), ten differ
  // only below the millisecond, ten are a second apart.
  const created =
    i < 10
      ? '2024-03-01T10:00:00.123456Z'
      : i < 20
        ? `2024-03-01T10:00:00.123${String(i * 7).padStart(3, '0')}Z`
        : `2024-03-01T10:00:${String(i).padStart(2, '0')}.000000Z`;
  ipSeeds.push({
    key: newKey(),
    name: NAMES[i] ?? `ip ${String(i).padStart(2, '0')}`,
    kind: i % 3 === 0 ? 'primary' : 'secondary',
    state: ['draft', 'approved', 'archived'][i % 3]!,
    holder: i % 4 === 0 ? null : `H${i % 4}`,
    tags: i === 7 ? ['a"},{"b'] : i % 5 === 0 ? [] : i % 2 ? ['red', `t${i % 3}`] : ['blue'],
    created,
  });
}

interface SalesSeed {
  key: string;
  licensee: string | null;
  currency: string;
  net_sales: number;
  units: number;
  period_start: Date;
}

const salesSeeds: SalesSeed[] = Array.from({ length: 24 }, (_, i) => ({
  key: newKey(),
  licensee: i % 5 === 4 ? null : `L${i % 3}`,
  currency: i % 2 ? 'JPY' : 'USD',
  // Large enough that the sums leave int4 behind.
  net_sales: 1_000_000_000_000 + i * 123_456_789,
  units: i * 3,
  period_start: new Date(Date.UTC(2024, i % 12, 1)),
}));

let db: Db;

beforeAll(async () => {
  await ensureReady();
  db = await getDb();
  await db.insert(ips).values(
    ipSeeds.map((s) => ({
      key: s.key,
      reference: fixtureReference('IP'),
      name: s.name,
      kind: s.kind,
      state: s.state,
      holder: s.holder,
      tags: s.tags,
      owner: OWNER,
      dateCreated: sql`${s.created}::timestamptz`,
    })),
  );
  // A row of someone else: the scope must keep it out of every answer.
  await db
    .insert(ips)
    .values({ key: newKey(), reference: fixtureReference('IP'), name: 'alpha foreign', owner: 'someone-else', tags: ['red'] });
  await db.insert(sales).values(
    salesSeeds.map((s) => ({
      key: s.key,
      license: 'LIC',
      product: 'PRD',
      licensee: s.licensee,
      currency: s.currency,
      period_start: s.period_start,
      period_end: s.period_start,
      territory: 'JP',
      net_sales: s.net_sales,
      units: s.units,
      owner: OWNER,
    })),
  );
  await db.insert(sales).values({
    key: newKey(),
    license: 'LIC',
    product: 'PRD',
    licensee: 'L0',
    period_start: new Date(),
    period_end: new Date(),
    territory: 'JP',
    net_sales: 5,
    owner: 'someone-else',
  });
});

async function query(body: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const page = await runQuery(db, IP, parseQueryRequest(IP, { limit: 500, ...body }), ipScope);
  expect(page.nextCursor).toBeNull();
  return page.rows;
}

async function names(filter: unknown): Promise<string[]> {
  return (await query({ filter })).map((r) => r.name as string).sort();
}

/** Every page of a query, following cursors. */
async function pageAll(body: Record<string, unknown>, limit: number) {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await runQuery(db, IP, parseQueryRequest(IP, { ...body, limit, ...(cursor ? { cursor } : {}) }), ipScope);
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    for (const row of page.rows) expect(Object.keys(row).some((k) => k.startsWith('__cursor'))).toBe(false);
    rows.push(...page.rows);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { rows, pages };
}

const createdOf = new Map<string, string>();
beforeAll(() => ipSeeds.forEach((s) => createdOf.set(s.key, s.created)));

describe('cursor pagination over every row', () => {
  const cases: [string, Record<string, unknown> | undefined, (SQL | ReturnType<typeof asc>)[]][] = [
    ['default: dateCreated desc, key desc', undefined, [desc(ips.dateCreated), desc(ips.key)]],
    ['dateCreated asc', { dateCreated: 1 }, [asc(ips.dateCreated), asc(ips.key)]],
    ['name asc', { name: 1 }, [asc(ips.name), asc(ips.key)]],
    [
      'mixed: holder asc (NULLs last), dateCreated desc',
      { holder: 1, dateCreated: -1 },
      [sql`${ips.holder} asc nulls last`, desc(ips.dateCreated), desc(ips.key)],
    ],
    [
      'mixed: holder desc (NULLs first), name asc',
      { holder: -1, name: 1 },
      [sql`${ips.holder} desc nulls first`, asc(ips.name), asc(ips.key)],
    ],
    [
      'mixed: kind desc, state asc, dateCreated asc',
      { kind: -1, state: 1, dateCreated: 1 },
      [desc(ips.kind), asc(ips.state), asc(ips.dateCreated), asc(ips.key)],
    ],
  ];

  it.each(cases)('%s, 7 per page, returns each row once in order', async (_label, sort, independentOrder) => {
    const { rows, pages } = await pageAll(sort ? { sort } : {}, 7);
    expect(pages).toBe(Math.ceil(ipSeeds.length / 7));
    const keys = rows.map((r) => r.key as string);
    expect(new Set(keys).size).toBe(ipSeeds.length);
    expect(keys.slice().sort()).toEqual(ipSeeds.map((s) => s.key).sort());
    // The order a hand-written query gives, not one built by the compiler.
    const expected = await db
      .select({ key: ips.key })
      .from(ips)
      .where(ipScope)
      .orderBy(...independentOrder);
    expect(keys).toEqual(expected.map((r) => r.key));
  });

  it('the default order follows the exact microsecond timestamps', async () => {
    const { rows } = await pageAll({}, 7);
    const created = rows.map((r) => createdOf.get(r.key as string)!);
    expect(created).toEqual(created.slice().sort().reverse());
  });

  it('holder asc puts NULLs last and keeps dateCreated desc inside each holder', async () => {
    const { rows } = await pageAll({ sort: { holder: 1, dateCreated: -1 } }, 4);
    const holders = rows.map((r) => r.holder as string | null);
    const firstNull = holders.indexOf(null);
    expect(holders.slice(firstNull).every((h) => h === null)).toBe(true);
    expect(holders.slice(0, firstNull)).toEqual(holders.slice(0, firstNull).sort());
    for (let i = 1; i < rows.length; i++) {
      if (holders[i] === holders[i - 1]) {
        expect(createdOf.get(rows[i]!.key as string)! <= createdOf.get(rows[i - 1]!.key as string)!).toBe(true);
      }
    }
  });

  it('pages a filtered query, one row per page', async () => {
    const { rows, pages } = await pageAll({ filter: { state: { $ne: 'archived' } }, sort: { holder: -1, name: 1 } }, 1);
    const expected = ipSeeds.filter((s) => s.state !== 'archived');
    expect(pages).toBe(expected.length);
    expect(rows.map((r) => r.key).sort()).toEqual(expected.map((s) => s.key).sort());
  });

  it('the scope keeps other rows out', async () => {
    const all = await query({});
    expect(all).toHaveLength(ipSeeds.length);
    expect(all.every((r) => r.owner === OWNER)).toBe(true);
  });
});

describe('filters', () => {
  it('$contains is case-insensitive and takes % and _ literally', async () => {
    expect(await names({ name: { $contains: 'alpha' } })).toEqual([
      'ALPHA two',
      'Alpha 50% Off',
      'Alpha50 Off',
      'alphaXone',
      'alpha_one',
    ]);
    expect(await names({ name: { $contains: '50%' } })).toEqual(['Alpha 50% Off']);
    expect(await names({ name: { $contains: 'A_O' } })).toEqual(['alpha_one']);
    expect(await names({ name: { $contains: '%' } })).toEqual(['Alpha 50% Off']);
    expect(await names({ name: { $contains: '\\' } })).toEqual(['back\\slash']);
    expect(await names({ name: { $contains: "O'NEIL" } })).toEqual(["o'neil"]);
  });

  it('equality, $in, $nin, ranges', async () => {
    expect(await names({ name: 'alpha_one' })).toEqual(['alpha_one']);
    const primary = ipSeeds
      .filter((s) => s.kind === 'primary')
      .map((s) => s.name)
      .sort();
    expect(await names({ kind: 'primary' })).toEqual(primary);
    expect(await names({ state: { $in: ['draft', 'archived'] } })).toEqual(
      ipSeeds
        .filter((s) => s.state !== 'approved')
        .map((s) => s.name)
        .sort(),
    );
    // $nin keeps rows whose holder is NULL.
    expect(await names({ holder: { $nin: ['H1', 'H2'] } })).toEqual(
      ipSeeds
        .filter((s) => s.holder !== 'H1' && s.holder !== 'H2')
        .map((s) => s.name)
        .sort(),
    );
    expect(await names({ holder: { $ne: 'H1' } })).toEqual(
      ipSeeds
        .filter((s) => s.holder !== 'H1')
        .map((s) => s.name)
        .sort(),
    );
    expect(await names({ dateCreated: { $gte: '2024-03-01T10:00:20Z' } })).toEqual(
      ipSeeds
        .slice(20)
        .map((s) => s.name)
        .sort(),
    );
    expect(await names({ key: { $in: [ipSeeds[3]!.key, ipSeeds[4]!.key] } })).toEqual(
      [ipSeeds[3]!.name, ipSeeds[4]!.name].sort(),
    );
  });

  it('$exists and null equality', async () => {
    const nullHolder = ipSeeds
      .filter((s) => s.holder === null)
      .map((s) => s.name)
      .sort();
    expect(await names({ holder: { $exists: false } })).toEqual(nullHolder);
    expect(await names({ holder: null })).toEqual(nullHolder);
    expect((await names({ holder: { $exists: true } })).length).toBe(ipSeeds.length - nullHolder.length);
  });

  it('text[]: equality holds the value, $in overlaps, $nin and $ne exclude', async () => {
    const having = (pred: (tags: string[]) => boolean) =>
      ipSeeds
        .filter((s) => pred(s.tags))
        .map((s) => s.name)
        .sort();
    expect(await names({ tags: 'red' })).toEqual(having((t) => t.includes('red')));
    expect(await names({ tags: { $in: ['blue', 't1'] } })).toEqual(having((t) => t.includes('blue') || t.includes('t1')));
    expect(await names({ tags: { $nin: ['red', 'blue'] } })).toEqual(having((t) => !t.includes('red') && !t.includes('blue')));
    expect(await names({ tags: { $ne: 'red' } })).toEqual(having((t) => !t.includes('red')));
    // Quotes, braces and commas inside an element do not split it.
    expect(await names({ tags: 'a"},{"b' })).toEqual([ipSeeds[7]!.name]);
    expect(await names({ tags: { $in: ['a', 'b'] } })).toEqual([]);
  });

  it('$and / $or', async () => {
    const expected = ipSeeds
      .filter((s) => s.kind === 'primary' && (s.holder === null || s.state === 'approved'))
      .map((s) => s.name)
      .sort();
    expect(await names({ kind: 'primary', $or: [{ holder: { $exists: false } }, { state: 'approved' }] })).toEqual(expected);
  });

  it('hostile values are data', async () => {
    expect(await names({ name: "'; drop table ips; --" })).toEqual([]);
    expect(await names({ name: { $contains: "'; drop table ips; --" } })).toEqual([]);
    expect(await names({ tags: { $in: ["'}; drop table ips; --"] } })).toEqual([]);
    expect(await query({})).toHaveLength(ipSeeds.length);
  });
});

describe('aggregate', () => {
  function byLicensee() {
    const groups = new Map<string | null, SalesSeed[]>();
    for (const s of salesSeeds) groups.set(s.licensee, [...(groups.get(s.licensee) ?? []), s]);
    return groups;
  }

  it('$group by licensee with $sum, $count, $avg, $min, $max matches a JS computation', async () => {
    const run = compileAggregate(Sales, [
      {
        $group: {
          _id: '$licensee',
          total: { $sum: '$net_sales' },
          n: { $count: {} },
          avgUnits: { $avg: '$units' },
          first: { $min: '$period_start' },
          last: { $max: '$period_start' },
          top: { $max: '$net_sales' },
        },
      },
    ]);
    const rows = await run(db, salesScope);
    const expected = [...byLicensee()].map(([licensee, list]) => ({
      _id: licensee,
      total: list.reduce((a, s) => a + s.net_sales, 0),
      n: list.length,
      avgUnits: list.reduce((a, s) => a + s.units, 0) / list.length,
      first: new Date(Math.min(...list.map((s) => s.period_start.getTime()))),
      last: new Date(Math.max(...list.map((s) => s.period_start.getTime()))),
      top: Math.max(...list.map((s) => s.net_sales)),
    }));
    const sortKey = (r: Record<string, unknown>) => String(r._id);
    expect(rows.slice().sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
      expected.sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
    );
    for (const row of rows) {
      expect(typeof row.total).toBe('number');
      expect(typeof row.n).toBe('number');
      expect(row.first).toBeInstanceOf(Date);
    }
  });

  it('$match, $sort on an output and $limit', async () => {
    const run = compileAggregate(Sales, [
      { $match: { licensee: { $exists: true }, units: { $gte: 6 } } },
      { $group: { _id: '$licensee', total: { $sum: '$net_sales' } } },
      { $sort: { total: -1 } },
      { $limit: 2 },
    ]);
    const totals = new Map<string, number>();
    for (const s of salesSeeds)
      if (s.licensee && s.units >= 6) totals.set(s.licensee, (totals.get(s.licensee) ?? 0) + s.net_sales);
    const expected = [...totals]
      .map(([id, total]) => ({ _id: id, total }))
      .sort((a, b) => b.total - a.total)
      .slice(0, 2);
    expect(await run(db, salesScope)).toEqual(expected);
  });

  it('compound _id and _id null', async () => {
    const compound = await compileAggregate(Sales, [
      { $group: { _id: { who: '$licensee', cur: '$currency' }, n: { $count: {} } } },
    ])(db, salesScope);
    const counts = new Map<string, number>();
    for (const s of salesSeeds)
      counts.set(
        JSON.stringify({ who: s.licensee, cur: s.currency }),
        (counts.get(JSON.stringify({ who: s.licensee, cur: s.currency })) ?? 0) + 1,
      );
    expect(compound).toHaveLength(counts.size);
    for (const row of compound) expect(row.n).toBe(counts.get(JSON.stringify(row._id)));

    const all = await compileAggregate(Sales, [{ $group: { _id: null, total: { $sum: '$net_sales' }, n: { $count: {} } } }])(
      db,
      salesScope,
    );
    expect(all).toEqual([{ _id: null, total: salesSeeds.reduce((a, s) => a + s.net_sales, 0), n: salesSeeds.length }]);
  });

  it('no matching rows gives no groups, as in MongoDB', async () => {
    const run = compileAggregate(Sales, [
      { $match: { territory: 'nowhere' } },
      { $group: { _id: null, n: { $count: {} }, total: { $sum: '$net_sales' } } },
    ]);
    expect(await run(db, salesScope)).toEqual([]);
  });

  it('without a scope it sees every row, with one only the scoped rows', async () => {
    const count = compileAggregate(Sales, [{ $group: { _id: null, n: { $count: {} } } }]);
    const [scoped] = await count(db, salesScope);
    const [everything] = await count(db);
    expect(scoped!.n).toBe(salesSeeds.length);
    expect(everything!.n as number).toBeGreaterThan(salesSeeds.length);
  });
});
