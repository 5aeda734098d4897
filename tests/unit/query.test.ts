import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/server/api/errors';
import { entities, type EntityDef } from '@/lib/server/entities/definitions';
import { compileAggregate } from '@/lib/server/query/aggregate';
import { cursorCondition, cursorFields, decodeCursor, encodeCursor, stripCursorFields } from '@/lib/server/query/cursor';
import { compileFilter, MAX_CONDITIONS, MAX_FILTER_DEPTH } from '@/lib/server/query/filter';
import { DEFAULT_LIMIT, MAX_LIMIT, nextCursor, parseQueryRequest } from '@/lib/server/query/page';
import { compileSort, parseSort } from '@/lib/server/query/sort';

const dialect = new PgDialect();
const IP = entities.IP;
const Sales = entities.Sales;
const License = entities.License;
/** IP with its jsonb column declared queryable, to prove jsonb is refused even then. */
const IPWithImages: EntityDef = { ...IP, queryable: [...IP.queryable, 'images'] };

function q(s: SQL | undefined) {
  expect(s).toBeDefined();
  const { sql: text, params } = dialect.sqlToQuery(s!);
  return { sql: text, params };
}

function filter(f: unknown, def: EntityDef = IP) {
  return q(compileFilter(def, f));
}

/** Runs fn, expects an AppError('validation'); returns it for more checks. */
function refusal(fn: () => unknown): AppError {
  let thrown: unknown;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(AppError);
  const err = thrown as AppError;
  expect(err.code).toBe('validation');
  expect(err.status).toBe(5);
  const data = err.data as { errors: Record<string, string> };
  expect(typeof data).toBe('object');
  expect(Object.keys(data.errors)).toHaveLength(1);
  return err;
}

function errorKey(err: AppError): string {
  return Object.keys((err.data as { errors: Record<string, string> }).errors)[0]!;
}

describe('compileFilter: no condition', () => {
  it.each([null, undefined, {}])('%j gives undefined', (f) => {
    expect(compileFilter(IP, f)).toBeUndefined();
  });

  it('an $or with an empty branch matches everything', () => {
    expect(compileFilter(IP, { $or: [{ name: 'a' }, {}] })).toBeUndefined();
  });

  it('an $and of empty branches adds nothing', () => {
    expect(compileFilter(IP, { $and: [{}, {}] })).toBeUndefined();
    expect(filter({ $and: [{}, { name: 'a' }] })).toEqual({ sql: '"ips"."name" = $1', params: ['a'] });
  });
});

describe('compileFilter: scalar operators', () => {
  it('equality on text binds the value', () => {
    expect(filter({ name: 'Ultra' })).toEqual({ sql: '"ips"."name" = $1', params: ['Ultra'] });
    expect(filter({ name: { $eq: 'Ultra' } })).toEqual({ sql: '"ips"."name" = $1', params: ['Ultra'] });
  });

  it('null equality is IS NULL, $ne null is IS NOT NULL', () => {
    expect(filter({ holder: null })).toEqual({ sql: '"ips"."holder" is null', params: [] });
    expect(filter({ holder: { $ne: null } })).toEqual({ sql: '"ips"."holder" is not null', params: [] });
  });

  it('$ne keeps NULL rows on a nullable column, uses <> on a NOT NULL one', () => {
    expect(filter({ holder: { $ne: 'h' } })).toEqual({ sql: '"ips"."holder" is distinct from $1', params: ['h'] });
    expect(filter({ state: { $ne: 'draft' } })).toEqual({ sql: '"ips"."state" <> $1', params: ['draft'] });
  });

  it('range operators on integers, bigints, text and timestamps', () => {
    expect(filter({ units: { $gt: 5, $lte: 10 } }, Sales)).toEqual({
      sql: '("sales"."units" > $1 and "sales"."units" <= $2)',
      params: [5, 10],
    });
    expect(filter({ net_sales: { $gte: 9_000_000_000_000 } }, Sales)).toEqual({
      sql: '"sales"."net_sales" >= $1',
      params: [9_000_000_000_000],
    });
    expect(filter({ name: { $lt: 'm' } })).toEqual({ sql: '"ips"."name" < $1', params: ['m'] });
    expect(filter({ period_start: { $gte: '2024-01-01', $lt: '2024-02-01T09:30:00+09:00' } }, Sales)).toEqual({
      sql: '("sales"."period_start" >= $1 and "sales"."period_start" < $2)',
      params: ['2024-01-01T00:00:00.000Z', '2024-02-01T00:30:00.000Z'],
    });
  });

  it('$in and $nin', () => {
    expect(filter({ state: { $in: ['draft', 'approved'] } })).toEqual({
      sql: '"ips"."state" in ($1, $2)',
      params: ['draft', 'approved'],
    });
    expect(filter({ state: { $nin: ['draft'] } })).toEqual({ sql: '"ips"."state" not in ($1)', params: ['draft'] });
    // A nullable column keeps its NULL rows, as MongoDB's $nin matches a missing field.
    expect(filter({ holder: { $nin: ['h1', 'h2'] } })).toEqual({
      sql: '("ips"."holder" is null or "ips"."holder" not in ($1, $2))',
      params: ['h1', 'h2'],
    });
  });

  it('$exists', () => {
    expect(filter({ designer: { $exists: true } })).toEqual({ sql: '"ips"."designer" is not null', params: [] });
    expect(filter({ designer: { $exists: false } })).toEqual({ sql: '"ips"."designer" is null', params: [] });
  });

  it('booleans', () => {
    expect(filter({ is_default: true }, entities.Holder)).toEqual({ sql: '"holders"."is_default" = $1', params: [true] });
  });

  it('$contains is ILIKE with %, _ and \\ escaped', () => {
    expect(filter({ name: { $contains: 'Ultra' } })).toEqual({ sql: `"ips"."name" ilike $1 escape '\\'`, params: ['%Ultra%'] });
    expect(filter({ name: { $contains: '50%_off\\x' } })).toEqual({
      sql: `"ips"."name" ilike $1 escape '\\'`,
      params: ['%50\\%\\_off\\\\x%'],
    });
  });

  it('several operators on one field are ANDed', () => {
    expect(filter({ name: { $gte: 'a', $lt: 'b', $ne: 'ab' } })).toEqual({
      sql: '("ips"."name" >= $1 and "ips"."name" < $2 and "ips"."name" <> $3)',
      params: ['a', 'b', 'ab'],
    });
  });
});

describe('compileFilter: text[] columns', () => {
  it('equality means "holds the value"', () => {
    expect(filter({ tags: 'T1' })).toEqual({ sql: '"ips"."tags" @> $1', params: ['{"T1"}'] });
    expect(filter({ tags: { $eq: 'T1' } })).toEqual({ sql: '"ips"."tags" @> $1', params: ['{"T1"}'] });
  });

  it('$ne means "does not hold"', () => {
    expect(filter({ tags: { $ne: 'T1' } })).toEqual({ sql: 'not ("ips"."tags" @> $1)', params: ['{"T1"}'] });
  });

  it('$in is overlap, $nin is no overlap', () => {
    expect(filter({ categories: { $in: ['a', 'b'] } })).toEqual({ sql: '"ips"."categories" && $1', params: ['{"a","b"}'] });
    expect(filter({ tags: { $nin: ['a'] } })).toEqual({ sql: 'not ("ips"."tags" && $1)', params: ['{"a"}'] });
  });

  it('$exists', () => {
    expect(filter({ tags: { $exists: true } })).toEqual({ sql: '"ips"."tags" is not null', params: [] });
  });

  it('an element with quotes, braces and commas stays one bound element', () => {
    const { sql: text, params } = filter({ tags: { $in: ['a"},{"b', 'c\\'] } });
    expect(text).toBe('"ips"."tags" && $1');
    expect(params).toEqual(['{"a\\"},{\\"b","c\\\\"}']);
  });
});

describe('compileFilter: $and / $or', () => {
  it('combines fields and logical operators', () => {
    expect(filter({ state: 'approved', $or: [{ kind: 'primary' }, { tags: { $in: ['x'] } }] })).toEqual({
      sql: '("ips"."state" = $1 and ("ips"."kind" = $2 or "ips"."tags" && $3))',
      params: ['approved', 'primary', '{"x"}'],
    });
    expect(filter({ $and: [{ name: 'a' }, { $or: [{ owner: 'o' }, { owner: null }] }] })).toEqual({
      sql: '("ips"."name" = $1 and ("ips"."owner" = $2 or "ips"."owner" is null))',
      params: ['a', 'o'],
    });
  });

  it('accepts nesting up to the limit', () => {
    let f: unknown = { name: 'x' };
    for (let i = 1; i < MAX_FILTER_DEPTH; i++) f = { $or: [f] };
    expect(filter(f)).toEqual({ sql: '"ips"."name" = $1', params: ['x'] });
  });

  it(`accepts ${MAX_CONDITIONS} conditions`, () => {
    const f = { $or: Array.from({ length: MAX_CONDITIONS }, (_, i) => ({ name: `n${i}` })) };
    expect(filter(f).params).toHaveLength(MAX_CONDITIONS);
  });
});

describe('compileFilter: refusals', () => {
  it.each([
    [{ nope: 1 }, 'filter.nope', "unknown field 'nope'"],
    [{ description: 'x' }, 'filter.description', "unknown field 'description'"], // a column, but not queryable
    [{ constructor: 'x' }, 'filter.constructor', "unknown field 'constructor'"],
    [JSON.parse('{"__proto__": "x"}'), 'filter.__proto__', "unknown field '__proto__'"],
    [{ 'name; drop table ips': 'x' }, 'filter.name; drop table ips', "unknown field 'name; drop table ips'"],
    [{ $or: [{ name: 'a' }, { 'nam"e': 'b' }] }, 'filter.$or.1.nam"e', "unknown field 'nam\"e'"],
  ])('unknown field %j', (f, key, message) => {
    const err = refusal(() => compileFilter(IP, f));
    expect(err.message).toBe(message);
    expect(errorKey(err)).toBe(key);
  });

  it.each([
    [{ name: { $regex: 'a' } }, "'$regex'"],
    [{ name: { $where: 'sleep(10)' } }, "'$where'"],
    [{ $nor: [{ name: 'a' }] }, "'$nor'"],
    [{ $where: '1=1' }, "'$where'"],
    [{ name: { $eq: 'a', $size: 2 } }, "'$size'"],
  ])('unknown operator %j', (f, name) => {
    const err = refusal(() => compileFilter(IP, f));
    expect(err.message).toContain('unknown operator');
    expect(err.message).toContain(name);
  });

  it('an object value without operators is refused, naming the key', () => {
    const err = refusal(() => compileFilter(IP, { name: { first: 'a' } }));
    expect(err.message).toContain("'first'");
    expect(errorKey(err)).toBe('filter.name.first');
  });

  it('jsonb fields are refused even when declared queryable', () => {
    const err = refusal(() => compileFilter(IPWithImages, { images: 'x' }));
    expect(err.message).toContain("'images'");
    expect(err.message).toContain('jsonb');
    refusal(() => compileFilter(IPWithImages, { images: { $exists: true } }));
    refusal(() => compileSort(IPWithImages, { images: 1 }));
    refusal(() => compileAggregate(IPWithImages, [{ $group: { _id: '$images' } }]));
  });

  it.each([
    [{ name: 5 }, IP, 'name'],
    [{ name: ['a'] }, IP, 'name'],
    [{ name: true }, IP, 'name'],
    [{ name: 'x'.repeat(1001) }, IP, 'name'],
    [{ name: 'a\u0000b' }, IP, 'name'],
    [{ units: '5' }, Sales, 'units'],
    [{ units: 1.5 }, Sales, 'units'],
    [{ units: 2 ** 31 }, Sales, 'units'],
    [{ net_sales: 2 ** 53 }, Sales, 'net_sales'],
    [{ net_sales: { $in: [1, '2'] } }, Sales, 'net_sales'],
    [{ is_default: 'true' }, entities.Holder, 'is_default'],
    [{ is_default: 1 }, entities.Holder, 'is_default'],
    [{ period_start: 'yesterday' }, Sales, 'period_start'],
    [{ period_start: '2024-02-30' }, Sales, 'period_start'],
    [{ period_start: '2023-02-29' }, Sales, 'period_start'],
    [{ period_start: '2024-01-01T10:00:00' }, Sales, 'period_start'], // no zone
    [{ period_start: 1704067200000 }, Sales, 'period_start'],
    [{ period_start: '2024-13-01' }, Sales, 'period_start'],
    [{ tags: ['a'] }, IP, 'tags'],
    [{ tags: 5 }, IP, 'tags'],
  ])('wrong value type %j', (f, def, field) => {
    const err = refusal(() => compileFilter(def, f));
    expect(err.message).toContain(`'${field}'`);
  });

  it.each([
    [{ state: { $in: [] } }, 'non-empty'],
    [{ state: { $in: 'draft' } }, 'non-empty array'],
    [{ state: { $nin: Array.from({ length: 501 }, (_, i) => `s${i}`) } }, 'at most 500'],
    [{ state: { $exists: 1 } }, '$exists'],
    [{ state: {} }, 'empty operator'],
    [{ tags: { $contains: 'x' } }, '$contains'],
    [{ tags: { $gt: 'x' } }, "'$gt'"],
    [{ status: { $contains: '1' } }, '$contains'],
    [{ $and: [] }, '$and'],
    [{ $or: {} }, '$or'],
    [{ $or: [1] }, 'must be an object'],
  ])('bad operator use %j', (f, text) => {
    expect(refusal(() => compileFilter(IP, f)).message).toContain(text);
  });

  it('$gt on a boolean is refused', () => {
    expect(refusal(() => compileFilter(entities.Holder, { is_default: { $gt: false } })).message).toContain("'$gt'");
  });

  it.each([[[]], ['name'], [5], [true], [[{ name: 'a' }]]])('a non-object filter %j is refused', (f) => {
    refusal(() => compileFilter(IP, f));
  });

  it('too deep', () => {
    let f: unknown = { name: 'x' };
    for (let i = 0; i < MAX_FILTER_DEPTH; i++) f = { $and: [f] };
    expect(refusal(() => compileFilter(IP, f)).message).toContain('deeper');
  });

  it('too many conditions, also split across branches and operators', () => {
    const many = { $or: Array.from({ length: MAX_CONDITIONS + 1 }, (_, i) => ({ name: `n${i}` })) };
    expect(refusal(() => compileFilter(IP, many)).message).toContain(`${MAX_CONDITIONS}`);
    const split = {
      $and: Array.from({ length: 26 }, (_, i) => ({ name: { $gt: `a${i}`, $lt: `z${i}` } })),
    };
    expect(refusal(() => compileFilter(IP, split)).message).toContain(`more than ${MAX_CONDITIONS} conditions`);
  });

  it('injection in values stays a bound parameter', () => {
    const evil = "'; drop table ips; --";
    const { sql: text, params } = filter({
      name: evil,
      $or: [{ tags: evil }, { name: { $contains: evil } }, { state: { $in: [evil] } }],
    });
    expect(text).not.toContain('drop');
    expect(params).toContain(evil);
    expect(params).toContain(`%${evil}%`);
  });
});

describe('sort', () => {
  const order = (s: unknown, def: EntityDef = IP) => compileSort(def, s).map((o) => dialect.sqlToQuery(o).sql);

  it('defaults to dateCreated desc, key desc', () => {
    expect(order(undefined)).toEqual(['"ips"."date_created" desc', '"ips"."key" desc']);
    expect(order(null)).toEqual(order({}));
    expect(order({})).toEqual(['"ips"."date_created" desc', '"ips"."key" desc']);
  });

  it('ends with the key in the last direction', () => {
    expect(order({ name: 1 })).toEqual(['"ips"."name" asc', '"ips"."key" asc']);
    expect(order({ holder: 1, dateCreated: -1 })).toEqual([
      '"ips"."holder" asc',
      '"ips"."date_created" desc',
      '"ips"."key" desc',
    ]);
    expect(order({ units: -1, net_sales: 1, period_start: -1 }, Sales)).toEqual([
      '"sales"."units" desc',
      '"sales"."net_sales" asc',
      '"sales"."period_start" desc',
      '"sales"."key" desc',
    ]);
  });

  it('does not repeat a key that was named', () => {
    expect(order({ key: 1 })).toEqual(['"ips"."key" asc']);
  });

  it.each([
    [{ nope: 1 }, "'nope'"],
    [{ 'name desc; drop table ips': 1 }, "'name desc; drop table ips'"],
    [{ tags: 1 }, "'tags'"],
    [{ name: 'asc' }, "'name'"],
    [{ name: 2 }, "'name'"],
    [{ name: 1, kind: 1, state: 1, owner: 1 }, 'at most 3'],
    [['name'], 'sort must be an object'],
    ['name', 'sort must be an object'],
  ])('refuses %j', (s, text) => {
    expect(refusal(() => compileSort(IP, s)).message).toContain(text);
  });
});

describe('cursor', () => {
  const spec = parseSort(IP, { holder: 1, dateCreated: -1 });
  const row = { key: 'K1', holder: null, dateCreated: new Date(0), __cursor_dateCreated: '2024-01-01T00:00:00.123456Z' };

  it('round-trips the last row and builds the expanded keyset condition for mixed directions', () => {
    const cursor = encodeCursor(spec, row);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(spec, cursor)).toEqual([null, '2024-01-01T00:00:00.123456Z', 'K1']);
    // holder is null and ascending (NULLs last): only rows with a null holder can follow.
    expect(q(cursorCondition(IP, spec, cursor))).toEqual({
      sql: '((("ips"."holder" is null and "ips"."date_created" < $1::timestamptz) or ("ips"."holder" is null and "ips"."date_created" = $2::timestamptz and "ips"."key" < $3)))',
      params: ['2024-01-01T00:00:00.123456Z', '2024-01-01T00:00:00.123456Z', 'K1'],
    });
    const withHolder = encodeCursor(spec, { ...row, holder: 'H' });
    expect(q(cursorCondition(IP, spec, withHolder)).sql).toBe(
      '((("ips"."holder" > $1 or "ips"."holder" is null) or ("ips"."holder" = $2 and "ips"."date_created" < $3::timestamptz) or ("ips"."holder" = $4 and "ips"."date_created" = $5::timestamptz and "ips"."key" < $6)))',
    );
  });

  it('one direction over NOT NULL columns is a row comparison', () => {
    const byDate = parseSort(IP, undefined);
    const cursor = encodeCursor(byDate, { key: 'K', __cursor_dateCreated: '2024-01-01T00:00:00.000001Z' });
    expect(q(cursorCondition(IP, byDate, cursor))).toEqual({
      sql: '("ips"."date_created", "ips"."key") < ($1::timestamptz, $2)',
      params: ['2024-01-01T00:00:00.000001Z', 'K'],
    });
    const byName = parseSort(IP, { name: 1 });
    expect(q(cursorCondition(IP, byName, encodeCursor(byName, { key: 'K', name: "o'neil" })))).toEqual({
      sql: '("ips"."name", "ips"."key") > ($1, $2)',
      params: ["o'neil", 'K'],
    });
  });

  it('no cursor gives no condition', () => {
    expect(cursorCondition(IP, spec, undefined)).toBeUndefined();
    expect(cursorCondition(IP, spec, null)).toBeUndefined();
  });

  const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  it.each<[string, unknown]>([
    ['garbage', 'not base64!'],
    ['empty', ''],
    ['a number', 42],
    ['not JSON', b64('not json')],
    ['wrong shape', b64([1, 2])],
    ['another sort', b64({ s: 'name:1,key:1', v: ['a', 'K'] })],
    ['too few values', b64({ s: 'holder:1,dateCreated:-1,key:-1', v: [null, 'K'] })],
    ['inexact timestamp', b64({ s: 'holder:1,dateCreated:-1,key:-1', v: [null, '2024-01-01T00:00:00Z', 'K'] })],
    ['impossible date', b64({ s: 'holder:1,dateCreated:-1,key:-1', v: [null, '2024-02-30T00:00:00.000000Z', 'K'] })],
    ['null key', b64({ s: 'holder:1,dateCreated:-1,key:-1', v: [null, '2024-01-01T00:00:00.000000Z', null] })],
    ['number for text', b64({ s: 'holder:1,dateCreated:-1,key:-1', v: [5, '2024-01-01T00:00:00.000000Z', 'K'] })],
    ['object value', b64({ s: 'holder:1,dateCreated:-1,key:-1', v: [{ $gt: '' }, '2024-01-01T00:00:00.000000Z', 'K'] })],
    ['too long', 'A'.repeat(20_000)],
  ])('refuses a tampered cursor: %s', (_what, cursor) => {
    const err = refusal(() => cursorCondition(IP, spec, cursor));
    expect(err.message).toBe('invalid cursor');
    expect(errorKey(err)).toBe('cursor');
  });

  it('cursorFields selects exact timestamps, stripCursorFields removes them', () => {
    expect(Object.keys(cursorFields(spec))).toEqual(['__cursor_dateCreated']);
    expect(dialect.sqlToQuery(cursorFields(spec).__cursor_dateCreated!).sql).toBe(
      `to_char("ips"."date_created" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    );
    expect(stripCursorFields(row)).toEqual({ key: 'K1', holder: null, dateCreated: new Date(0) });
  });

  it('a row without the exact timestamp is a wiring error, not a user error', () => {
    expect(() => encodeCursor(spec, { key: 'K', holder: null, dateCreated: new Date() })).toThrow(/cursorFields/);
  });
});

describe('parseQueryRequest / nextCursor', () => {
  it('defaults', () => {
    for (const body of [undefined, null, {}]) {
      const plan = parseQueryRequest(IP, body);
      expect(plan.where).toBeUndefined();
      expect(plan.after).toBeUndefined();
      expect(plan.limit).toBe(DEFAULT_LIMIT);
      expect(plan.orderBy.map((o) => dialect.sqlToQuery(o).sql)).toEqual(['"ips"."date_created" desc', '"ips"."key" desc']);
    }
  });

  it('compiles every part', () => {
    const first = parseQueryRequest(License, {
      filter: { royalty_rate_bp: { $gte: 500 } },
      sort: { royalty_rate_bp: -1 },
      limit: 2,
    });
    expect(q(first.where)).toEqual({ sql: '"licenses"."royalty_rate_bp" >= $1', params: [500] });
    expect(first.limit).toBe(2);
    const rows = [
      { key: 'a', royalty_rate_bp: 900 },
      { key: 'b', royalty_rate_bp: 800 },
      { key: 'c', royalty_rate_bp: 700 },
    ];
    expect(nextCursor(License, first.sort, rows.slice(0, 2), 2)).toBeNull();
    const cursor = nextCursor(License, first.sort, rows, 2);
    expect(cursor).not.toBeNull();
    const second = parseQueryRequest(License, {
      filter: { royalty_rate_bp: { $gte: 500 } },
      sort: { royalty_rate_bp: -1 },
      limit: 2,
      cursor,
    });
    expect(q(second.after)).toEqual({ sql: '("licenses"."royalty_rate_bp", "licenses"."key") < ($1, $2)', params: [800, 'b'] });
  });

  it('a cursor from another sort is refused', () => {
    const byRate = parseQueryRequest(License, { sort: { royalty_rate_bp: -1 } });
    const cursor = nextCursor(
      License,
      byRate.sort,
      [
        { key: 'a', royalty_rate_bp: 1 },
        { key: 'b', royalty_rate_bp: 2 },
      ],
      1,
    );
    expect(refusal(() => parseQueryRequest(License, { sort: { royalty_rate_bp: 1 }, cursor })).message).toBe('invalid cursor');
  });

  it.each([0, -1, MAX_LIMIT + 1, 1.5, '10', true, Number.NaN])('refuses limit %j', (limit) => {
    const err = refusal(() => parseQueryRequest(IP, { limit }));
    expect(err.message).toContain('limit');
    expect(errorKey(err)).toBe('limit');
  });

  it('accepts limit 1 and 500', () => {
    expect(parseQueryRequest(IP, { limit: 1 }).limit).toBe(1);
    expect(parseQueryRequest(IP, { limit: MAX_LIMIT }).limit).toBe(MAX_LIMIT);
  });

  it('refuses unknown keys and a non-object body', () => {
    const err = refusal(() => parseQueryRequest(IP, { filter: {}, offset: 10 }));
    expect(err.message).toContain("'offset'");
    expect(errorKey(err)).toBe('offset');
    refusal(() => parseQueryRequest(IP, []));
    refusal(() => parseQueryRequest(IP, 'filter'));
    expect(errorKey(refusal(() => parseQueryRequest(IP, { filter: { nope: 1 } })))).toBe('filter.nope');
    expect(errorKey(refusal(() => parseQueryRequest(IP, { sort: { nope: 1 } })))).toBe('sort.nope');
    expect(errorKey(refusal(() => parseQueryRequest(IP, { cursor: 'x!' })))).toBe('cursor');
  });
});

describe('compileAggregate', () => {
  it('compiles $match, $group, $sort and $limit into one parameterised statement', () => {
    const agg = compileAggregate(Sales, [
      { $match: { state: 'approved' } },
      {
        $group: {
          _id: '$licensee',
          total: { $sum: '$net_sales' },
          n: { $count: {} },
          first: { $min: '$period_start' },
          mean: { $avg: '$units' },
        },
      },
      { $sort: { total: -1 } },
      { $limit: 5 },
    ]);
    expect(agg.toSQL()).toEqual({
      sql:
        'select "licensee", coalesce(sum("net_sales"), 0)::float8, count(*)::float8, min("period_start"), avg("units")::float8 from "sales" ' +
        'where "sales"."state" = $1 group by "sales"."licensee" ' +
        'order by coalesce(sum("sales"."net_sales"), 0)::float8 desc, "sales"."licensee" asc limit $2',
      params: ['approved', 5],
    });
  });

  it('ANDs the caller scope into the WHERE', () => {
    const agg = compileAggregate(Sales, [{ $match: { state: 'approved' } }, { $group: { _id: null, n: { $count: {} } } }]);
    const { sql: text, params } = agg.toSQL(sql`"sales"."owner" = ${'me'}`);
    expect(text).toBe(
      'select count(*)::float8 from "sales" where ("sales"."owner" = $1 and "sales"."state" = $2) having count(*) > 0 limit $3',
    );
    expect(params).toEqual(['me', 'approved', 1000]);
    expect(compileAggregate(Sales, [{ $group: { _id: null, n: { $count: {} } } }]).toSQL(sql`false`).sql).toContain(
      'where false',
    );
  });

  it('groups on several aliased fields and sorts on _id', () => {
    const agg = compileAggregate(Sales, [
      { $group: { _id: { who: '$licensee', cur: '$currency' }, top: { $max: '$net_sales' } } },
      { $sort: { _id: -1, top: 1 } },
    ]);
    expect(agg.toSQL().sql).toBe(
      'select "licensee", "currency", max("net_sales") from "sales" group by "sales"."licensee", "sales"."currency" ' +
        'order by "sales"."licensee" desc, "sales"."currency" desc, max("sales"."net_sales") asc, "sales"."licensee" asc, "sales"."currency" asc limit $1',
    );
  });

  it.each([
    [{}, 'pipeline', 'non-empty array'],
    [[], 'pipeline', 'non-empty array'],
    [[{ $match: {} }], 'pipeline', 'needs a $group'],
    [[{ $group: { _id: null, n: { $count: {} } } }, { $lookup: {} }], 'pipeline.1.$lookup', "'$lookup'"],
    [[{ $project: { a: 1 } }], 'pipeline.0.$project', "'$project'"],
    [[{ $group: { _id: null, n: { $count: {} } }, $limit: 1 }], 'pipeline.0', 'exactly one key'],
    [[{ $group: { _id: null, n: { $count: {} } } }, { $match: {} }], 'pipeline.1.$match', '$match must come first'],
    [
      [{ $group: { _id: null, n: { $count: {} } } }, { $group: { _id: null, n: { $count: {} } } }],
      'pipeline.1.$group',
      'only one $group',
    ],
    [[{ $sort: { n: 1 } }, { $group: { _id: null, n: { $count: {} } } }], 'pipeline.0.$sort', '$sort must follow $group'],
    [[{ $group: { _id: null, n: { $count: {} } } }, { $limit: 5 }, { $sort: { n: 1 } }], 'pipeline.2.$sort', 'before $limit'],
    [[{ $group: { _id: null, n: { $count: {} } } }, { $sort: { m: 1 } }], 'pipeline.1.$sort.m', "'m'"],
    [[{ $group: { _id: null, n: { $count: {} } } }, { $sort: { n: 0 } }], 'pipeline.1.$sort.n', "'n'"],
    [[{ $group: { _id: null, n: { $count: {} } } }, { $limit: 0 }], 'pipeline.1.$limit', '$limit'],
    [[{ $group: { _id: null, n: { $count: {} } } }, { $limit: 1001 }], 'pipeline.1.$limit', '$limit'],
    [[{ $group: { n: { $count: {} } } }], 'pipeline.0.$group._id', '_id'],
    [[{ $group: { _id: null } }], 'pipeline.0.$group', 'at least one output'],
    [[{ $group: { _id: '$nope', n: { $count: {} } } }], 'pipeline.0.$group._id', "'nope'"],
    [[{ $group: { _id: 'licensee', n: { $count: {} } } }], 'pipeline.0.$group._id', "'$name'"],
    [[{ $group: { _id: { a: '$licensee', b: '$ip', c: '$state', d: '$currency' } } }], 'pipeline.0.$group._id', '1 to 3'],
    [[{ $group: { _id: { __proto__x: '$licensee' } } }], 'pipeline.0.$group._id.__proto__x', "'__proto__x'"],
    [[{ $group: { _id: null, t: { $push: '$units' } } }], 'pipeline.0.$group.t.$push', "'$push'"],
    [[{ $group: { _id: null, t: { $sum: 1 } } }], 'pipeline.0.$group.t.$sum', "'$name'"],
    [[{ $group: { _id: null, t: { $sum: '$territory' } } }], 'pipeline.0.$group.t.$sum', "'territory'"],
    [[{ $group: { _id: null, t: { $avg: '$period_start' } } }], 'pipeline.0.$group.t.$avg', "'period_start'"],
    [[{ $group: { _id: null, t: { $count: { x: 1 } } } }], 'pipeline.0.$group.t.$count', '$count'],
    [[{ $group: { _id: null, t: { $sum: '$units', $avg: '$units' } } }], 'pipeline.0.$group.t', 'one accumulator'],
    [
      [{ $group: { _id: null, 'x; drop table sales': { $count: {} } } }],
      'pipeline.0.$group.x; drop table sales',
      "'x; drop table sales'",
    ],
    [[{ $group: { _id: null, _id2: { $count: {} } } }], 'pipeline.0.$group._id2', "'_id2'"],
    [[{ $match: { nope: 1 } }, { $group: { _id: null, n: { $count: {} } } }], 'pipeline.0.$match.nope', "'nope'"],
  ])('refuses %j', (pipeline, key, text) => {
    const err = refusal(() => compileAggregate(Sales, pipeline));
    expect(err.message).toContain(text);
    expect(errorKey(err)).toBe(key);
  });

  it('refuses more than 10 outputs, $min on a boolean and grouping on an array', () => {
    const outputs = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`o${i}`, { $count: {} }]));
    expect(refusal(() => compileAggregate(Sales, [{ $group: { _id: null, ...outputs } }])).message).toContain('at most 10');
    expect(
      refusal(() => compileAggregate(entities.Holder, [{ $group: { _id: null, m: { $min: '$is_default' } } }])).message,
    ).toContain("'is_default'");
    expect(refusal(() => compileAggregate(IP, [{ $group: { _id: '$tags' } }])).message).toContain("'tags'");
  });
});

describe('property: arbitrary input gives a result or an AppError, never another error', () => {
  const fields = [...IP.queryable, ...Sales.queryable, 'images', 'nope', '__proto__', 'constructor'];
  const ops = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$contains', '$regex', '$and', '$or'];
  const scalar = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
  );
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }));
  const opObject = fc.dictionary(fc.constantFrom(...ops), value, { maxKeys: 3 });
  const { node } = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.dictionary(fc.constantFrom(...fields), fc.oneof(value, opObject), { maxKeys: 3 }),
      fc.record({ $or: fc.array(tie('node'), { maxLength: 3 }) }),
      fc.record({ $and: fc.array(tie('node'), { maxLength: 3 }) }),
    ),
  }));

  function onlyAppError(fn: () => void) {
    try {
      fn();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      expect(err.code).toBe('validation');
    }
  }

  const render = (s: SQL | undefined) => {
    if (s) dialect.sqlToQuery(s);
  };

  it('filters from arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.object(), fc.anything()), (f) => {
        onlyAppError(() => render(compileFilter(IP, f)));
      }),
      { numRuns: 500 },
    );
  });

  it('structured filters near the language', () => {
    fc.assert(
      fc.property(node, fc.constantFrom(IP, Sales, IPWithImages, entities.Holder), (f, def) => {
        onlyAppError(() => render(compileFilter(def, f)));
      }),
      { numRuns: 1000 },
    );
  });

  it('user strings only ever appear as parameters', () => {
    const marked = fc.string({ maxLength: 20 }).map((s) => `QQX${s}`);
    const field = fc.constantFrom('name', 'state', 'holder', 'tags', 'owner');
    const cond = fc.oneof(
      fc.tuple(field, marked).map(([f, v]) => ({ [f]: v })),
      fc
        .tuple(field, fc.constantFrom('$eq', '$ne', '$gt', '$lte', '$contains'), marked)
        .map(([f, op, v]) => ({ [f]: { [op]: v } })),
      fc
        .tuple(field, fc.constantFrom('$in', '$nin'), fc.array(marked, { minLength: 1, maxLength: 4 }))
        .map(([f, op, v]) => ({ [f]: { [op]: v } })),
    );
    const tree = fc
      .array(cond, { minLength: 1, maxLength: 5 })
      .chain((cs) => fc.constantFrom({ $and: cs }, { $or: cs }, Object.assign({}, ...cs)));
    fc.assert(
      fc.property(tree, (f) => {
        let compiled: SQL | undefined;
        try {
          compiled = compileFilter(IP, f);
        } catch (err) {
          // Only the operators not defined on arrays may refuse here.
          expect(err).toBeInstanceOf(AppError);
          return;
        }
        const { sql: text, params } = dialect.sqlToQuery(compiled!);
        expect(text).not.toContain('QQX');
        expect(params.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('sorts from arbitrary JSON', () => {
    const sortish = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.constantFrom(...fields), fc.oneof(fc.constantFrom(1, -1, 0, '1'), fc.jsonValue()), { maxKeys: 4 }),
    );
    fc.assert(
      fc.property(sortish, (s) => {
        onlyAppError(() => compileSort(IP, s).forEach((o) => dialect.sqlToQuery(o)));
      }),
      { numRuns: 500 },
    );
  });

  it('query requests and cursors from arbitrary JSON', () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          filter: fc.jsonValue(),
          sort: fc.jsonValue(),
          limit: fc.oneof(fc.integer(), fc.jsonValue()),
          cursor: fc.oneof(fc.string(), fc.base64String(), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(body, (b) => {
        onlyAppError(() => {
          const plan = parseQueryRequest(IP, b);
          render(plan.where);
          render(plan.after);
        });
      }),
      { numRuns: 500 },
    );
    const spec = parseSort(IP, { holder: 1, dateCreated: -1 });
    const forged = fc.record({
      s: fc.oneof(fc.constant('holder:1,dateCreated:-1,key:-1'), fc.string()),
      v: fc.array(fc.jsonValue(), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(forged, (payload) => {
        onlyAppError(() => render(cursorCondition(IP, spec, Buffer.from(JSON.stringify(payload)).toString('base64url'))));
      }),
      { numRuns: 500 },
    );
  });

  it('pipelines from arbitrary JSON', () => {
    const ref = fc.constantFrom(...fields).map((f) => `$${f}`);
    const acc = fc.dictionary(
      fc.constantFrom('$sum', '$avg', '$min', '$max', '$count', '$push'),
      fc.oneof(ref, fc.constant({}), fc.jsonValue()),
      { maxKeys: 2 },
    );
    const group = fc.record({
      $group: fc.dictionary(
        fc.oneof(fc.constant('_id'), fc.string({ maxLength: 6 })),
        fc.oneof(ref, acc, fc.constant(null), fc.dictionary(fc.string({ maxLength: 4 }), ref)),
        {
          maxKeys: 4,
        },
      ),
    });
    const stage = fc.oneof(
      group,
      fc.record({ $match: fc.jsonValue() }),
      fc.record({ $sort: fc.dictionary(fc.string({ maxLength: 4 }), fc.constantFrom(1, -1, 2)) }),
      fc.record({ $limit: fc.oneof(fc.integer(), fc.jsonValue()) }),
      fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.array(stage, { maxLength: 5 })), (p) => {
        onlyAppError(() => {
          compileAggregate(Sales, p).toSQL();
        });
      }),
      { numRuns: 1000 },
    );
  });
});
