/**
 * Property-based robustness of the entity routes (DESIGN §7: "bad input never reaches the database
 * and never yields a 5xx"). As the admin, who may do the most, every write and query route gets
 * generated bodies, filters, pipelines and ids; every answer must be a JSON envelope with a numeric
 * status and an HTTP status below 500, invalid creates must be refused, and no entity table may
 * gain or lose a row.
 */
import { count, eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as aggregateRoute from '@/pages/api/v1/[entity]/aggregate';
import * as recordRoute from '@/pages/api/v1/[entity]/[id]';
import * as indexRoute from '@/pages/api/v1/[entity]/index';
import * as queryRoute from '@/pages/api/v1/[entity]/query';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import * as tables from '@/lib/server/db/entities-schema';
import { ENTITY_NAMES, entities, type EntityName } from '@/lib/server/entities/definitions';
import { newKey } from '@/lib/server/keys';
import { serveRoute, type RouteServer, type TestResponse } from './harness';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

type Rec = Record<string, unknown>;
interface Envelope<T = unknown> {
  status: number;
  data: T;
}

/** Runs per property; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS) || 50;

/** The tables behind the entities, named here rather than taken from the code under test. */
const TABLES: Record<EntityName, PgTable> = {
  Tag: tables.tags,
  Holder: tables.holders,
  IP: tables.ips,
  Designer: tables.designers,
  Licensee: tables.licensees,
  License: tables.licenses,
  Usage: tables.usages,
  Sales: tables.sales,
  Product: tables.products,
  Invoice: tables.invoices,
  Review: tables.reviews,
  SalesReport: tables.salesReports,
};
const RECORD_COLUMNS = ['key', 'dateCreated', 'dateUpdated', 'status', 'version'];

function columnsOf(entity: EntityName) {
  return getTableColumns(TABLES[entity]);
}
/** Column names a body might name (record columns included: they must be refused, not break anything). */
function fieldsOf(entity: EntityName): string[] {
  return Object.keys(columnsOf(entity));
}
/** Columns that are not jsonb: no plain object is ever a valid value for them. */
function scalarFieldsOf(entity: EntityName): string[] {
  return Object.entries(columnsOf(entity))
    .filter(([, column]) => column.columnType !== 'PgJsonb')
    .map(([name]) => name);
}

let admin = '';
let servers: [RegExp, RouteServer][] = [];
/** The [id] route served with the id in the query string, for ids a URL path cannot carry ('', '.', '..'). */
let byQuery: RouteServer;
const existing = {} as Record<EntityName, string>;

function send<T = Envelope>(method: string, path: string, body?: unknown, raw?: string): Promise<TestResponse<T>> {
  const pathname = path.split('?')[0]!;
  const server = pathname.startsWith('/by-query/') ? byQuery : servers.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!server) throw new Error(`no route for ${path}`);
  const headers: Record<string, string> = { authorization: `Bearer ${admin}` };
  if (raw !== undefined) headers['content-type'] = 'application/json';
  return server.request<T>(method, path, { headers, body: raw ?? body });
}

/** Lone surrogates cannot be percent-encoded or sent in a URL; UTF-8 turns them into U+FFFD. */
function wellFormed(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function encode(id: string): string {
  return encodeURIComponent(wellFormed(id));
}

/** The path of one record; ids a path cannot hold go in the query string of the same route. */
function recordPath(entity: string, id: string): string {
  if (id === '' || id === '.' || id === '..') return `/by-query/${entity}?id=${encode(id)}`;
  return `/api/v1/${entity}/${encode(id)}`;
}

/** Every answer: a JSON envelope with a numeric status, never a 5xx. */
function expectEnvelope(res: TestResponse<Envelope>, what: string): Envelope {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers.get('content-type') ?? '', what).toMatch(/json/);
  expect(res.json, what).toBeTypeOf('object');
  expect(res.json.status, `${what}: ${res.text.slice(0, 300)}`).toBeTypeOf('number');
  expect(res.json, what).toHaveProperty('data');
  return res.json;
}

async function rowCounts(): Promise<Record<string, number>> {
  const db = await getDb();
  const counts: Record<string, number> = {};
  for (const entity of ENTITY_NAMES) {
    const [row] = await db.select({ n: count() }).from(TABLES[entity]);
    counts[entity] = Number(row!.n);
  }
  return counts;
}

let before: Record<string, number>;

beforeAll(async () => {
  await ensureReady();
  servers = [
    [/^\/api\/v1\/[^/]+\/query$/, await serveRoute(queryRoute, '/api/v1/[entity]/query')],
    [/^\/api\/v1\/[^/]+\/aggregate$/, await serveRoute(aggregateRoute, '/api/v1/[entity]/aggregate')],
    [/^\/api\/v1\/[^/]+\/[^/]+$/, await serveRoute(recordRoute, '/api/v1/[entity]/[id]')],
    [/^\/api\/v1\/[^/]+$/, await serveRoute(indexRoute, '/api/v1/[entity]')],
  ];
  byQuery = await serveRoute(recordRoute, '/by-query/[entity]');
  admin = await issueAccessToken(await subOf('admin@example.com'));

  // One record of each entity, so PATCH also meets rows that exist.
  const make = async (entity: EntityName, body: Rec) => {
    const res = await send<Envelope<Rec>>('POST', `/api/v1/${entity}`, body);
    expect(res.json, res.text).toMatchObject({ status: 0 });
    existing[entity] = String(res.json.data.key);
  };
  await make('Tag', { name_jp: 'ファズ', name_en: 'fuzz' });
  await make('Holder', { name: 'fuzz holder' });
  await make('Designer', { email: 'fuzz@example.com', creator_name: 'Fuzz' });
  await make('Licensee', { name: 'Fuzz Org' });
  await make('IP', { name: 'fuzz ip', kind: 'primary', designer: existing.Designer });
  const term = { territory: ['JP'], term_start: '2026-01-01', term_end: '2026-12-31', royalty_rate_bp: 500 };
  await make('License', { ip: existing.IP, licensee: existing.Licensee, designer: existing.Designer, ...term });
  await make('Usage', { ip: existing.IP, purpose: 'fuzz' });
  // Products need an active license (DESIGN §6); the license flow is tested elsewhere.
  await (await getDb()).update(tables.licenses).set({ state: 'active' }).where(eq(tables.licenses.key, existing.License));
  await make('Product', { license: existing.License, name: 'fuzz', sku: 'F' });
  // Sales rows arrive in a royalty report (lib/server/sales), which the generic API does not create.
  existing.SalesReport = newKey();
  existing.Sales = newKey();
  const db = await getDb();
  const period = { period_start: new Date('2026-01-01T00:00:00Z'), period_end: new Date('2026-01-31T00:00:00Z') };
  await db
    .insert(tables.salesReports)
    .values({ key: existing.SalesReport, reference: fixtureReference('RPT'), licensee: existing.Licensee, ...period });
  await db.insert(tables.sales).values({
    key: existing.Sales,
    license: existing.License,
    product: existing.Product,
    licensee: existing.Licensee,
    ...period,
    territory: 'JP',
    net_sales: 100,
    report: existing.SalesReport,
  });
  await make('Invoice', { licensee: existing.Licensee, period_start: '2026-01-01', period_end: '2026-03-31' });
  await make('Review', { subject_type: 'sales', subject_key: existing.Sales });
  before = await rowCounts();
});

afterAll(async () => {
  await Promise.all([...servers.map(([, s]) => s.close()), byQuery?.close()]);
});

// ---------------------------------------------------------------------------------------------
// Generators

const entity = fc.constantFrom(...ENTITY_NAMES);

const SQLISH = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '1; DROP TABLE tags; --',
  "'; DELETE FROM sales WHERE ''='",
  '" OR ""="',
  "') UNION SELECT sub, email FROM users --",
  '%',
  '_',
  '\\',
  '%_%',
  '$1',
  '::text',
  '/*',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '😀🏳️‍🌈',
  'ｋｅｙ',
  'ﬀ',
  'İ',
  '\u202e',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  'prototype',
  'query',
  'aggregate',
  '*',
  '.',
  '..',
  '../..',
  '/',
  '?',
  '#',
  ' ',
  '',
  'A'.repeat(48),
  'A'.repeat(64),
  'A'.repeat(65),
];

/** Texts meant to break something: SQL, NUL, lone surrogates, Unicode oddities, the very long. */
const nastyString = fc.oneof(
  fc.constantFrom(...SQLISH),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 64, max: 5000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 20_001, max: 120_000 }).map((n) => 'é'.repeat(n)),
);

const DATEISH = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01',
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-14:00',
  '9999-12-31T23:59:59.999999-23:59',
  '0001-01-01T00:00:00+14:00',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2024-02-30',
  '2024-13-01',
  '2024-01-01T24:00:00Z',
  '2024-01-01T10:00:00',
  '2024-01-01T10:00:00+99:99',
  '1970-01-01T00:00:00.0000001Z',
];
const dateish = fc.oneof(
  fc.constantFrom(...DATEISH),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);

const edgeNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    5e-324,
  ),
);

const scalar = fc.oneof(nastyString, dateish, edgeNumber, fc.boolean(), fc.constant(null));

/** Values that once reached the database and failed there. */
const hazard = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', ...DATEISH),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
  fc.array(fc.constantFrom('\u0000', '\ud800', 'ok'), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', 'city', 'first', '\u0000'), fc.constantFrom('\u0000', '\ud800', 'ok'), {
    minKeys: 1,
    maxKeys: 2,
  }),
);

/** Deeply nested objects and arrays: { a: { a: ... } } or [[[...]]]. */
const deep = fc.tuple(fc.integer({ min: 20, max: 2000 }), fc.boolean(), scalar).map(([depth, asArray, leaf]) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
});

const anyValue = fc.oneof(
  { weight: 3, arbitrary: scalar },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 3, stringUnit: 'binary' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(fc.object({ maxDepth: 1 }), { maxLength: 3 }) },
);

/** Known fields of the entity (record columns too) with generated values. */
const knownFields = (e: EntityName) => fc.dictionary(fc.constantFrom(...fieldsOf(e)), anyValue, { maxKeys: 6 });

/** An object whose keys are random, with the odd dangerous one. */
const randomKeys = fc.dictionary(
  fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', '$where', '', ' key', 'KEY')),
  anyValue,
  { maxKeys: 8 },
);

/** Any body: for a PATCH some of these are valid, which is fine; creates are filtered below. */
const body = (e: EntityName) =>
  fc.oneof(
    fc.anything({ maxDepth: 4 }),
    fc.jsonValue({ maxDepth: 4 }),
    randomKeys,
    knownFields(e),
    knownFields(e),
    fc.array(knownFields(e), { maxLength: 4 }),
    fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
    deep,
  );

function isPlainObject(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a create body might be valid, judged from the table alone, without the schema under test:
 * a plain object naming only columns, with no plain object in a non-jsonb column and no text
 * longer than any field allows. Those are left out, so every create sent must be refused.
 */
function mightBeValid(e: EntityName, value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.length <= 1000 && value.every((v) => mightBeValid(e, v));
  if (!isPlainObject(value)) return false;
  const fields = fieldsOf(e);
  const scalars = scalarFieldsOf(e);
  return Object.entries(value).every(
    ([k, v]) =>
      fields.includes(k) &&
      !RECORD_COLUMNS.includes(k) &&
      !(scalars.includes(k) && isPlainObject(v)) &&
      !(typeof v === 'string' && v.length > 20_000),
  );
}

const id = fc.oneof(
  fc.constantFrom(...SQLISH),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.stringMatching(/^[A-Za-z0-9]{1,64}$/),
  fc.integer({ min: 65, max: 3000 }).map((n) => 'k'.repeat(n)),
);

// Query language: grammar-shaped filters with wrong fields, operators and values mixed in.
const OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$contains'];
const BAD_OPERATORS = ['$regex', '$where', '$expr', '$not', '$elemMatch', '$like', '$raw', 'eq', '$', '$$'];

const filterFor = (e: EntityName) => {
  const field = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fieldsOf(e)) },
    { weight: 1, arbitrary: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'key"--', 'mine', 'owner.sub')) },
  );
  const operand = fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(scalar, { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 1200 }).map((n) => Array.from({ length: n }, (_, i) => `v${i}`)) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
  const operators = fc.dictionary(fc.constantFrom(...OPERATORS, ...BAD_OPERATORS), operand, { minKeys: 0, maxKeys: 3 });
  const { node } = fc.letrec<{ node: Rec }>((tie) => ({
    node: fc.dictionary(
      fc.oneof({ weight: 5, arbitrary: field }, { weight: 2, arbitrary: fc.constantFrom('$and', '$or', '$nor', '$not') }),
      fc.oneof(
        { weight: 4, arbitrary: scalar },
        { weight: 4, arbitrary: operators },
        { weight: 2, arbitrary: fc.array(tie('node'), { maxLength: 3 }) },
        { weight: 1, arbitrary: tie('node') },
      ),
      { maxKeys: 4, depthIdentifier: 'filter' },
    ),
  }));
  return node;
};

const sortFor = (e: EntityName) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...fieldsOf(e)), fc.oneof(fc.constantFrom(1, -1), scalar), { maxKeys: 4 }),
    fc.anything({ maxDepth: 2 }),
  );

const cursor = fc.oneof(
  fc.string(),
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null', 'utf8').toString('base64url')),
  fc
    .record({ s: fc.oneof(fc.constant('dateCreated:-1,key:-1'), fc.string()), v: fc.array(scalar, { maxLength: 4 }) })
    .map((v) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url')),
  fc.integer({ min: 16_000, max: 20_000 }).map((n) => 'A'.repeat(n)),
  fc.anything({ maxDepth: 2 }),
);

const queryBody = (e: EntityName) =>
  fc.oneof(
    fc.record({ filter: filterFor(e), sort: sortFor(e), limit: fc.oneof(edgeNumber, scalar), cursor }, { requiredKeys: [] }),
    fc.record({ filter: filterFor(e) }),
    randomKeys,
    fc.anything({ maxDepth: 3 }),
  );

const ACCUMULATORS = ['$sum', '$avg', '$min', '$max', '$count', '$push', '$first', '$stdDevPop', '$function'];
const pipelineFor = (e: EntityName) => {
  const ref = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fieldsOf(e)).map((f) => `$${f}`) },
    { weight: 1, arbitrary: fc.oneof(fc.string(), fc.constant('$'), fc.constant('$$ROOT'), scalar) },
  );
  const outputName = fc.oneof(fc.constantFrom('n', 'total', '_id', '__proto__', 'a b', 'x'.repeat(70)), fc.string());
  const accumulator = fc.oneof(
    fc.dictionary(fc.constantFrom(...ACCUMULATORS), fc.oneof(ref, fc.constant({}), fc.anything({ maxDepth: 1 })), {
      minKeys: 1,
      maxKeys: 2,
    }),
    fc.anything({ maxDepth: 2 }),
  );
  const groupId = fc.oneof(fc.constant(null), ref, fc.dictionary(outputName, ref, { maxKeys: 4 }), fc.anything({ maxDepth: 2 }));
  const group = fc
    .tuple(groupId, fc.dictionary(outputName, accumulator, { maxKeys: 4 }), fc.boolean())
    .map(([gid, outputs, withId]) => (withId ? { _id: gid, ...outputs } : outputs));
  const stage = fc.oneof(
    fc.record({ $match: filterFor(e) }),
    fc.record({ $group: group }),
    fc.record({ $sort: fc.dictionary(outputName, fc.oneof(fc.constantFrom(1, -1), scalar), { maxKeys: 3 }) }),
    fc.record({ $limit: fc.oneof(edgeNumber, scalar) }),
    fc.dictionary(
      fc.constantFrom('$project', '$lookup', '$unwind', '$out', '$merge', '$facet', '$addFields'),
      fc.anything({ maxDepth: 2 }),
      {
        minKeys: 1,
        maxKeys: 2,
      },
    ),
    fc.anything({ maxDepth: 2 }),
  );
  const pipeline = fc.array(stage, { maxLength: 6 });
  return fc.oneof(
    pipeline.map((p) => ({ pipeline: p })),
    pipeline,
    fc.record({ pipeline: fc.anything({ maxDepth: 3 }) }),
    fc.anything({ maxDepth: 3 }),
  );
};

// Well-formed input: values typed after the column (read from the Drizzle table), so that a good
// share of PATCHes, filters and pipelines pass validation and reach the database.

function columnType(e: EntityName, field: string): string {
  return (columnsOf(e)[field] as { columnType: string } | undefined)?.columnType ?? '';
}
// Only to aim the generators (never as the oracle): which fields the definitions let a query name
// and a body set.
const queryableOf = (e: EntityName) => [...entities[e].queryable];
const writableOf = (e: EntityName) => fieldsOf(e).filter((f) => !entities[e].serverOwned.includes(f));
const fieldsOfType = (e: EntityName, ...types: string[]) => queryableOf(e).filter((f) => types.includes(columnType(e, f)));

const inRangeDate = fc
  .date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function typedValue(e: EntityName, field: string): fc.Arbitrary<unknown> {
  switch (columnType(e, field)) {
    case 'PgText':
      return fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(...SQLISH),
        fc.stringMatching(/^[A-Za-z0-9]{1,64}$/),
        fc.constantFrom(
          'JPY',
          'USD',
          '#a1b2c3',
          'primary',
          'secondary',
          'personal',
          'corporate',
          'draft',
          'pending',
          'sales',
          'cfl',
        ),
      );
    case 'PgInteger':
      return fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer());
    case 'PgBigInt53':
      return fc.oneof(fc.nat(), fc.maxSafeNat());
    case 'PgBoolean':
      return fc.boolean();
    case 'PgTimestamp':
      return fc.oneof({ weight: 4, arbitrary: inRangeDate }, { weight: 1, arbitrary: fc.constantFrom(...DATEISH) });
    case 'PgArray':
      return fc.array(fc.oneof(fc.string({ minLength: 1, maxLength: 10 }), fc.stringMatching(/^[A-Za-z0-9]{1,20}$/)), {
        maxLength: 4,
      });
    case 'PgJsonb':
      return fc.oneof(
        fc.dictionary(fc.constantFrom('city', 'country', 'first', 'last', 'line', 'x'), fc.string({ maxLength: 8 }), {
          maxKeys: 2,
        }),
        fc.array(fc.record({ sub: fc.string({ minLength: 1, maxLength: 8 }) }), { maxLength: 2 }),
        fc.object({ maxDepth: 2 }),
      );
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** A PATCH body of one to three fields, each with a value of its column's type. */
const typedPatch = (e: EntityName) =>
  fc
    .subarray(writableOf(e), { minLength: 1, maxLength: Math.min(3, writableOf(e).length) })
    .chain((fields) => fc.record(Object.fromEntries(fields.map((f) => [f, typedValue(e, f)]))));

/** A condition on one field with a value of its type; several are combined with $and / $or. */
const typedFilter = (e: EntityName) => {
  const condition = fc.constantFrom(...queryableOf(e)).chain((field) => {
    const value = typedValue(e, field);
    return fc
      .oneof(
        value,
        fc.record({ $eq: value }),
        fc.record({ $ne: value }),
        fc.record({ $gt: value }),
        fc.record({ $lte: value }),
        fc.record({ $gte: value, $lt: value }),
        fc.record({ $in: fc.array(value, { minLength: 1, maxLength: 4 }) }),
        fc.record({ $nin: fc.array(value, { minLength: 1, maxLength: 4 }) }),
        fc.record({ $exists: fc.boolean() }),
        fc.record({ $contains: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...SQLISH)) }),
      )
      .map((c) => ({ [field]: c }) as Rec);
  });
  return fc.oneof(
    { weight: 3, arbitrary: condition },
    { weight: 1, arbitrary: fc.array(condition, { minLength: 1, maxLength: 3 }).map((cs) => ({ $and: cs })) },
    { weight: 1, arbitrary: fc.array(condition, { minLength: 1, maxLength: 3 }).map((cs) => ({ $or: cs })) },
    { weight: 1, arbitrary: fc.tuple(condition, condition).map(([a, b]) => ({ ...a, ...b })) },
  );
};

const typedQuery = (e: EntityName) =>
  fc.record(
    {
      filter: typedFilter(e),
      sort: fc
        .constantFrom(...fieldsOfType(e, 'PgText', 'PgInteger', 'PgBigInt53', 'PgBoolean', 'PgTimestamp'))
        .chain((f) => fc.record({ [f]: fc.constantFrom(1, -1) })),
      limit: fc.integer({ min: 1, max: 500 }),
    },
    { requiredKeys: ['filter'] },
  );

/** [$match]? $group [$sort]? [$limit]? over the entity's own columns, by type. */
const typedPipeline = (e: EntityName) => {
  const groupable = fieldsOfType(e, 'PgText', 'PgInteger', 'PgBigInt53', 'PgBoolean', 'PgTimestamp');
  const numeric = fieldsOfType(e, 'PgInteger', 'PgBigInt53');
  const ordered = fieldsOfType(e, 'PgInteger', 'PgBigInt53', 'PgTimestamp', 'PgText');
  const ref = (fields: string[]) => fc.constantFrom(...fields).map((f) => `$${f}`);
  const groupId = fc.oneof(
    fc.constant(null),
    ref(groupable),
    fc.dictionary(fc.constantFrom('a', 'b', 'c'), ref(groupable), { minKeys: 1, maxKeys: 3 }),
  );
  const output = fc.oneof(
    fc.constant({ $count: {} }),
    ref(numeric).map((r) => ({ $sum: r })),
    ref(numeric).map((r) => ({ $avg: r })),
    ref(ordered).map((r) => ({ $min: r })),
    ref(ordered).map((r) => ({ $max: r })),
  );
  return fc
    .tuple(
      fc.option(typedFilter(e), { nil: undefined }),
      groupId,
      fc.dictionary(fc.constantFrom('n', 'total', 'low', 'high', 'mean'), output, { minKeys: 1, maxKeys: 4 }),
      fc.option(fc.constantFrom(1, -1), { nil: undefined }),
      fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
    )
    .map(([match, _id, outputs, direction, limit]) => {
      const pipeline: Rec[] = [];
      if (match) pipeline.push({ $match: match });
      pipeline.push({ $group: { _id, ...outputs } });
      if (direction) pipeline.push({ $sort: { [Object.keys(outputs)[0]!]: direction } });
      if (limit) pipeline.push({ $limit: limit });
      return { pipeline };
    });
};

const fuzzOptions = { numRuns: RUNS };

// ---------------------------------------------------------------------------------------------

describe('generated input on the entity routes, as admin', () => {
  it('POST create (one record): invalid bodies are refused with 4xx, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        entity.chain((e) =>
          fc.tuple(
            fc.constant(e),
            body(e).filter((b) => !Array.isArray(b) && !mightBeValid(e, b)),
          ),
        ),
        async ([e, b]) => {
          const env = expectEnvelope(await send('POST', `/api/v1/${e}`, b), `POST ${e}`);
          expect(env.status, JSON.stringify(env.data).slice(0, 300)).not.toBe(0);
        },
      ),
      fuzzOptions,
    );
  });

  it('POST create (batch): arrays with at least one invalid element, or none, or too many, are refused whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        entity.chain((e) =>
          fc.tuple(
            fc.constant(e),
            fc
              .oneof(
                { weight: 6, arbitrary: fc.array(body(e), { minLength: 1, maxLength: 6 }) },
                { weight: 1, arbitrary: fc.constant([]) },
                { weight: 1, arbitrary: fc.integer({ min: 1001, max: 1500 }).map((n) => Array.from({ length: n }, () => ({}))) },
              )
              .filter((b) => !mightBeValid(e, b)),
          ),
        ),
        async ([e, b]) => {
          const env = expectEnvelope(await send('POST', `/api/v1/${e}`, b), `POST ${e} batch`);
          expect(env.status).not.toBe(0);
        },
      ),
      fuzzOptions,
    );
  });

  it('PATCH an existing record with generated bodies: valid or refused, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        entity.chain((e) =>
          fc.tuple(
            fc.constant(e),
            fc.oneof({ weight: 2, arbitrary: body(e) }, { weight: 1, arbitrary: typedPatch(e) }),
            fc.option(fc.oneof(edgeNumber, scalar)),
          ),
        ),
        async ([e, b, version]) => {
          const sent = isPlainObject(b) && version !== null ? { ...b, version } : b;
          expectEnvelope(await send('PATCH', recordPath(e, existing[e]), sent), `PATCH ${e}`);
        },
      ),
      fuzzOptions,
    );
  });

  it('PATCH with known fields set to edge values reaches the database without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        entity.chain((e) =>
          fc.tuple(
            fc.constant(e),
            fc
              .subarray(writableOf(e), { minLength: 1, maxLength: Math.min(3, writableOf(e).length) })
              .chain((fields) =>
                fc.record(Object.fromEntries(fields.map((f) => [f, fc.oneof(typedValue(e, f), hazard, scalar)]))),
              ),
          ),
        ),
        async ([e, b]) => {
          expectEnvelope(await send('PATCH', recordPath(e, existing[e]), b), `PATCH ${e} ${JSON.stringify(b).slice(0, 200)}`);
        },
      ),
      fuzzOptions,
    );
  });

  it('GET, PATCH and DELETE with generated ids answer 404 (or 405 on a sibling route), never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(entity, id, fc.constantFrom('GET', 'PATCH', 'DELETE'), body('Tag'), async (e, key, method, b) => {
        const res = await send(method, recordPath(e, key), method === 'PATCH' ? b : undefined);
        const env = expectEnvelope(res, `${method} ${e}/${key.slice(0, 80)}`);
        expect(env.status, `${method} ${e}/${key.slice(0, 80)}`).not.toBe(0);
        expect([400, 404, 405]).toContain(res.status);
      }),
      fuzzOptions,
    );
    // Ids as lists (?id=a&id=b) and unknown entity names.
    for (const path of [
      '/by-query/Tag?id=a&id=b',
      '/by-query/Tag?id=',
      '/api/v1/Nope/abc',
      '/api/v1/__proto__/abc',
      '/api/v1/constructor',
    ]) {
      for (const method of ['GET', 'PATCH', 'DELETE', 'POST']) {
        const res = await send(method, path, method === 'GET' ? undefined : {});
        expectEnvelope(res, `${method} ${path}`);
        expect(res.json.status).not.toBe(0);
      }
    }
  });

  it('GET list with generated limit and cursor parameters', async () => {
    // A URL stays below Node's 16 KiB header limit, which answers 431 before any route runs.
    const param = fc.oneof(
      fc.constantFrom(...SQLISH, ...DATEISH),
      fc.string({ unit: 'binary', maxLength: 200 }),
      edgeNumber.map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        entity,
        fc.option(param),
        fc.option(
          fc.oneof(
            param,
            cursor.map((c) => String(c).slice(0, 4000)),
          ),
        ),
        async (e, limit, cur) => {
          const params = new URLSearchParams();
          if (limit !== null) params.set('limit', wellFormed(limit));
          if (cur !== null) params.set('cursor', wellFormed(cur));
          expectEnvelope(await send('GET', `/api/v1/${e}?${params.toString()}`), `GET ${e}?${params.toString().slice(0, 200)}`);
        },
      ),
      fuzzOptions,
    );
  });

  it('POST query with generated filters, sorts, limits and cursors', async () => {
    await fc.assert(
      fc.asyncProperty(
        entity.chain((e) => fc.tuple(fc.constant(e), fc.oneof(queryBody(e), typedQuery(e)))),
        async ([e, q]) => {
          const res = await send<Envelope<{ items?: unknown[] }>>('POST', `/api/v1/${e}/query`, q);
          const env = expectEnvelope(res as TestResponse<Envelope>, `query ${e} ${JSON.stringify(q)?.slice(0, 300)}`);
          if (env.status === 0) expect(Array.isArray(res.json.data.items)).toBe(true);
          else expect([400]).toContain(res.status);
        },
      ),
      fuzzOptions,
    );
  });

  it('POST aggregate with generated pipelines', async () => {
    await fc.assert(
      fc.asyncProperty(
        entity.chain((e) => fc.tuple(fc.constant(e), fc.oneof(pipelineFor(e), typedPipeline(e)))),
        async ([e, p]) => {
          const res = await send('POST', `/api/v1/${e}/aggregate`, p);
          const env = expectEnvelope(res, `aggregate ${e} ${JSON.stringify(p)?.slice(0, 300)}`);
          if (env.status === 0) expect(Array.isArray(env.data)).toBe(true);
          else expect(res.status).toBe(400);
        },
      ),
      fuzzOptions,
    );
  });

  it('raw JSON with prototype keys and duplicate keys', async () => {
    const raws = [
      '{"__proto__": {"admin": true}, "name_jp": "x", "name_en": "y"}',
      '{"constructor": {"prototype": {"polluted": true}}}',
      '{"name_jp": "a", "name_jp": {"$ne": null}, "name_en": "b", "key": "K"}',
      '[{"__proto__": null}]',
      '{"filter": {"__proto__": {"key": "x"}}}',
      '{"filter": {"key": {"__proto__": {"$eq": "x"}}}}',
      '{"pipeline": [{"$group": {"_id": null, "__proto__": {"$count": {}}}}]}',
      '"just a string"',
      '12345678901234567890123456789',
      'null',
      '[]',
      '{}',
    ];
    for (const e of ENTITY_NAMES) {
      for (const raw of raws) {
        // An empty object is a valid Holder (every field has a default): not sent as a create.
        const create = !(e === 'Holder' && raw === '{}');
        for (const [method, path] of [
          ['POST', `/api/v1/${e}`],
          ['PATCH', recordPath(e, 'doesnotexist')],
          ['POST', `/api/v1/${e}/query`],
          ['POST', `/api/v1/${e}/aggregate`],
        ] as const) {
          if (!create && path === `/api/v1/${e}`) continue;
          const res = await send(method, path, undefined, raw);
          const env = expectEnvelope(res, `${method} ${path} ${raw}`);
          if (method === 'POST' && !path.endsWith('query') && !path.endsWith('aggregate')) expect(env.status).not.toBe(0);
        }
      }
    }
    expect(({} as Rec).polluted).toBeUndefined();
    expect(({} as Rec).admin).toBeUndefined();
  });

  it('known hazards: NUL, lone surrogates, deep nesting, out-of-range dates and duplicates are refused with 4xx', async () => {
    const deepRaw = (n: number) => `{"terms":{"t":[${'['.repeat(n)}1${']'.repeat(n)}]}}`;
    const hazards: [EntityName, Rec | string, string][] = [
      ['Tag', { description: 'a\u0000b' }, 'description'],
      ['Tag', { name_en: 'x\u0000' }, 'name_en'],
      ['Tag', { name_en: 'lone \ud800 surrogate' }, 'name_en'],
      ['Holder', { config: { a: 'b\u0000' } }, 'config.a'],
      ['Holder', { config: { ['k\u0000']: 'v' } }, 'config'],
      // Terms are server-owned (published through /api/terms): refused by name, however deep.
      ['Holder', { terms: { t: ['\u0000'] } }, 'terms'],
      ['Holder', { terms: { t: ['\udfff'] } }, 'terms'],
      ['Holder', deepRaw(40), 'terms'],
      ['Holder', deepRaw(100_000), 'terms'],
      ['Designer', { name: { first: '\ud800' } }, 'name.first'],
      ['IP', { categories: ['\u0000'] }, 'categories.0'],
      ['License', { term_start: '0000-01-01' }, 'term_start'],
      ['License', { term_start: '9999-12-31T23:59:59-14:00' }, 'term_start'],
      ['License', { term_end: '0001-01-01T00:00:00+14:00' }, 'term_end'],
      ['Invoice', { due_date: '0000-12-31T23:00:00+02:00' }, 'due_date'],
      // Stored, years below 100 would read back as 19xx or 20xx.
      ['Invoice', { due_date: '0049-06-01' }, 'due_date'],
      ['Product', { planned_launch: '1000-01-01T00:30:00+01:00' }, 'planned_launch'],
    ];
    for (const [e, change, field] of hazards) {
      const label = `PATCH ${e} ${typeof change === 'string' ? change.slice(0, 40) : JSON.stringify(change)}`;
      const res = await send<Envelope<{ errors: Rec }>>(
        'PATCH',
        recordPath(e, existing[e]),
        typeof change === 'string' ? undefined : change,
        typeof change === 'string' ? change : undefined,
      );
      expectEnvelope(res as TestResponse<Envelope>, label);
      expect([label, res.status, res.json.status, Object.keys(res.json.data?.errors ?? {})]).toEqual([label, 400, 5, [field]]);
    }
    // At the edges of the range: the instant counts, not the digits before the offset.
    const edge = await send<Envelope<Rec>>('PATCH', recordPath('Invoice', existing.Invoice), {
      due_date: '0999-12-31T23:00:00-02:00',
    });
    expect(edge.json.data.due_date).toBe('1000-01-01T01:00:00.000Z');
    expect((await send<Envelope<Rec>>('GET', recordPath('Invoice', existing.Invoice))).json.data.due_date).toBe(
      '1000-01-01T01:00:00.000Z',
    );
    const last = await send<Envelope<Rec>>('PATCH', recordPath('Invoice', existing.Invoice), {
      due_date: '9999-12-31T23:59:59.999Z',
    });
    expect(last.json.data.due_date).toBe('9999-12-31T23:59:59.999Z');
    // The same in a create and in a batch: status 5 / 15, never the database's error.
    const tag = await send<Envelope<{ errors: Rec }>>('POST', '/api/v1/Tag', { name_jp: 'a\u0000', name_en: 'nul' });
    expect([tag.status, tag.json.status, Object.keys(tag.json.data.errors)]).toEqual([400, 5, ['name_jp']]);
    const batch = await send<Envelope<{ errors: Rec }>>('POST', '/api/v1/Holder', [{ name: 'ok' }, { name: '\ud800' }]);
    expect([batch.status, batch.json.status, Object.keys(batch.json.data.errors)]).toEqual([400, 15, ['1.name']]);
    // A change that breaks a unique constraint (another tag's English name): status 4, nothing changed.
    const other = await send<Envelope<Rec>>('POST', '/api/v1/Tag', { name_jp: 'b', name_en: 'fuzz taken' });
    const tagBefore = (await send<Envelope<Rec>>('GET', recordPath('Tag', existing.Tag))).json.data;
    const clash = await send('PATCH', recordPath('Tag', existing.Tag), { name_en: 'fuzz taken' });
    await send('DELETE', recordPath('Tag', String(other.json.data.key)));
    expect([clash.status, clash.json.status]).toEqual([400, 4]);
    expect((await send<Envelope<Rec>>('GET', recordPath('Tag', existing.Tag))).json.data).toEqual(tagBefore);
    // Query filters and aggregate matches with instants outside the years 1 to 9999 (UTC).
    for (const date of ['9999-12-31T23:59:59-14:00', '0001-01-01T00:00:00+14:00', '0000-01-01']) {
      for (const [path, payload] of [
        ['/api/v1/License/query', { filter: { term_start: { $gt: date } } }],
        ['/api/v1/Sales/query', { filter: { period_end: date } }],
        [
          '/api/v1/Invoice/aggregate',
          { pipeline: [{ $match: { due_date: { $lt: date } } }, { $group: { _id: null, n: { $count: {} } } }] },
        ],
      ] as const) {
        const res = await send(path === '/api/v1/Invoice/aggregate' ? 'POST' : 'POST', path, payload);
        expect([path, date, res.status, res.json.status]).toEqual([path, date, 400, 5]);
      }
    }
  });

  it('leaves every entity table with exactly the rows it had', async () => {
    expect(await rowCounts()).toEqual(before);
    // The records PATCH was aimed at are still there and still readable.
    for (const e of ENTITY_NAMES) {
      const res = await send('GET', recordPath(e, existing[e]));
      expect(res.status, e).toBe(200);
    }
  });
});
