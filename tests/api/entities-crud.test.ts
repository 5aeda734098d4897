/**
 * Every entity of SPEC §3/§7 through its /api/v1 routes: create, read, update, delete, query and
 * aggregate by a role allowed to do it; server-owned fields refused when a body names them and set
 * by the server instead; dates round-tripped as ISO strings; per-field validation messages in the
 * language of X-Lang; optimistic concurrency on PATCH; and the royalty of a sales report.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPermit } from './permits';
import en from '@/locales/en/validation.json';
import jp from '@/locales/jp/validation.json';
import * as aggregateRoute from '@/pages/api/v1/[entity]/aggregate';
import * as recordRoute from '@/pages/api/v1/[entity]/[id]';
import * as indexRoute from '@/pages/api/v1/[entity]/index';
import * as queryRoute from '@/pages/api/v1/[entity]/query';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { holders, licensees, licenses, products, sales, salesReports } from '@/lib/server/db/entities-schema';
import { newKey } from '@/lib/server/keys';
import * as reportRoute from '@/pages/api/sales/report';
import { serveRoute, type RouteServer, type TestResponse } from './harness';
import { designerKeyOf, issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}
interface ErrorData {
  errors: Record<string, string>;
}
type Lang = 'en' | 'jp';

const EMAILS = {
  admin: 'admin@example.com',
  holder: 'holder@example.com',
  cfl: 'cfl@example.com',
  designer: 'designer@example.com',
  studio: 'studio@example.com',
  owner: 'licensee@example.com',
  staff: 'licensee-staff@example.com',
  user: 'user@example.com',
} as const;
type Actor = keyof typeof EMAILS;

const token = {} as Record<Actor, string>;
const sub = {} as Record<Actor, string>;
let servers: [RegExp, RouteServer][] = [];

/** One call to the entity routes, routed as Next would, with an optional X-Lang header. */
function call<T = Envelope>(method: string, path: string, as?: Actor, body?: unknown, lang?: Lang): Promise<TestResponse<T>> {
  const pathname = path.split('?')[0]!;
  const server = servers.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!server) throw new Error(`no route for ${path}`);
  const headers: Record<string, string> = {};
  if (as) headers.authorization = `Bearer ${token[as]}`;
  if (lang) headers['x-lang'] = lang;
  return server.request<T>(method, path, { headers, body });
}

async function created(entity: string, as: Actor, body: Rec): Promise<Rec> {
  // Products need an active license (DESIGN §6); the license flow is tested elsewhere.
  if (entity === 'Product' && typeof body.license === 'string') {
    await (await getDb()).update(licenses).set({ state: 'active' }).where(eq(licenses.key, body.license));
  }
  const res = await call('POST', `/api/v1/${entity}`, as, body);
  expect(res.json, `create ${entity}: ${res.text}`).toMatchObject({ status: 0 });
  expect(res.status).toBe(200);
  return res.json.data;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const KEY = /^[A-Za-z0-9]{48}$/;
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const ASCII = /^[\x20-\x7e]+$/;

let uniq = 0;
const u = (label: string) => `${label} ${Date.now().toString(36)}-${++uniq}`;

/** Rounds n × rate / 10000 half up, by long division (independent of the server's formula). */
function expectedRoyalty(net: number, rateBp: number): number {
  const product = BigInt(net) * BigInt(rateBp);
  let quotient = product / 10000n;
  const remainder = product - quotient * 10000n;
  if (remainder * 2n >= 10000n) quotient += 1n;
  return Number(quotient);
}

// Fixtures the bodies refer to, made in beforeAll.
const fx = {
  licenseeA: '',
  defaultHolder: '',
  designerD1: '',
  ipPrimary: '',
  license: '',
  product: '',
  sales: '',
};

beforeAll(async () => {
  await ensureReady();
  servers = [
    [/^\/api\/sales\/report$/, await serveRoute(reportRoute, '/api/sales/report')],
    [/^\/api\/v1\/[^/]+\/query$/, await serveRoute(queryRoute, '/api/v1/[entity]/query')],
    [/^\/api\/v1\/[^/]+\/aggregate$/, await serveRoute(aggregateRoute, '/api/v1/[entity]/aggregate')],
    [/^\/api\/v1\/[^/]+\/[^/]+$/, await serveRoute(recordRoute, '/api/v1/[entity]/[id]')],
    [/^\/api\/v1\/[^/]+$/, await serveRoute(indexRoute, '/api/v1/[entity]')],
  ];
  for (const [actor, email] of Object.entries(EMAILS) as [Actor, string][]) {
    sub[actor] = await subOf(email);
    token[actor] = await issueAccessToken(sub[actor]);
  }
  const db = await getDb();
  const [org] = await db
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.name, 'Demo Snacks Manufacturing Co.'));
  fx.licenseeA = org!.key;
  const [holder] = await db.select({ key: holders.key }).from(holders).where(eq(holders.is_default, true));
  fx.defaultHolder = holder!.key;

  // designer@'s record, as its designer application issued it.
  fx.designerD1 = await designerKeyOf('designer@example.com');
  const primary = await created('IP', 'holder', { name: 'Crisps', kind: 'primary' });
  // A primary IP without a holder belongs to the default holder.
  expect(primary.holder).toBe(fx.defaultHolder);
  fx.ipPrimary = String(primary.key);
  // Secondary IPs are made from a primary IP their designer holds an approved permit for.
  await grantPermit(sub.designer, fx.ipPrimary, fx.designerD1);
  fx.license = String(
    (
      await created('License', 'owner', {
        ip: fx.ipPrimary,
        licensee: fx.licenseeA,
        designer: fx.designerD1,
        territory: ['JP'],
        term_start: '2026-01-01',
        term_end: '2026-12-31',
        royalty_rate_bp: 1250,
      })
    ).key,
  );
  fx.product = String((await created('Product', 'owner', { license: fx.license, name: 'Base chips', sku: 'BASE-1' })).key);
  // Sales rows arrive in a royalty report (POST /api/sales/report, tested below and in sales-reports.test.ts).
  fx.sales = newKey();
  const report = newKey();
  const period = { period_start: new Date('2026-01-01T00:00:00Z'), period_end: new Date('2026-01-31T00:00:00Z') };
  await db
    .insert(salesReports)
    .values({ key: report, reference: fixtureReference('RPT'), licensee: fx.licenseeA, ...period, row_count: 1 });
  await db.insert(sales).values({
    key: fx.sales,
    license: fx.license,
    product: fx.product,
    licensee: fx.licenseeA,
    ip: fx.ipPrimary,
    ...period,
    territory: 'JP',
    net_sales: 1000,
    royalty: 125,
    report,
  });
});

afterAll(async () => {
  await Promise.all(servers.map(([, s]) => s.close()));
});

interface CrudSpec {
  entity: string;
  /** Who makes the round trip. */
  actor: Actor;
  /** A valid create body. */
  body: () => Rec;
  /** Body fields that are dates, with the ISO string they must come back as. */
  dates?: Record<string, string>;
  /** Values the server must have set on the new record. */
  server: () => Rec;
  /** Entity-specific server-owned fields (besides key, dates, status, version) with values a body might try. */
  serverOwned: Rec;
  /** Fields that change only through their flow's review, with values a body might try. */
  reviewed?: Rec;
  /** A valid change, and what the record then holds (defaults to the change itself). */
  patch: () => Rec;
  patched?: () => Rec;
  /** A second change for the stale-version check (field: value). */
  stale: Rec;
  /** Required fields left out of an otherwise valid body (empty when the entity has none). */
  missing: string[];
  /** Fields given a value of the wrong type, and the message code they must be reported with. */
  wrong: Rec;
  wrongCode?: Record<string, 'type' | 'integer'>;
  /** Extra $group outputs and their expected values for the new record alone, once patched. */
  aggregate?: { outputs: Rec; expect: () => Rec };
}

const D1 = () => fx.designerD1;

const specs: CrudSpec[] = [
  {
    entity: 'Tag',
    actor: 'holder',
    body: () => ({ name_jp: '春', name_en: u('Spring'), color: '#12ab34', description: 'season' }),
    server: () => ({}),
    serverOwned: {},
    patch: () => ({ description: 'changed', color: '#00FF00' }),
    stale: { description: 'stale' },
    missing: ['name_jp'],
    wrong: { name_en: 42 },
  },
  {
    entity: 'Holder',
    actor: 'holder',
    body: () => ({
      name: u('Second holder'),
      config: { theme: '{"dark":true}' },
    }),
    server: () => ({
      is_default: false,
      approver: { legal: [], brand: [], cfl: [], boss: [] },
      manager_legal: [],
      manager_brand: [],
      manager_cfl: [],
    }),
    serverOwned: {
      is_default: true,
      approver: { legal: [{ sub: 'x' }], brand: [], cfl: [], boss: [] },
      manager_legal: [{ sub: 'x' }],
      manager_brand: [{ sub: 'x' }],
      manager_cfl: [{ sub: 'x' }],
      // Terms versions are published through /api/terms, which keeps every one.
      terms: { 'terms-common': [{ metadata: { version: 1 }, content: '<p>t</p>' }] },
    },
    patch: () => ({ name: u('Renamed holder') }),
    stale: { name: 'stale' },
    // Every Holder field has a default, so no create body lacks a required field.
    missing: [],
    wrong: { name: 42, config: 'config' },
  },
  {
    entity: 'IP',
    actor: 'designer',
    body: () => ({
      name: u('Draft IP'),
      kind: 'secondary',
      designer: D1(),
      parent: fx.ipPrimary,
      description: 'a secondary work',
      categories: ['snack'],
      images: [{ hash: 'abcdef123456', name: 'a.png', mime: 'image/png' }],
    }),
    // A secondary IP belongs to its parent's holder, whatever a body says.
    server: () => ({ state: 'draft', owner: sub.designer, tags: [], holder: fx.defaultHolder }),
    serverOwned: { state: 'published', owner: 'someone', tags: ['abc'], holder: 'otherHolder' },
    patch: () => ({ description: 'changed', categories: ['snack', 'sweets'] }),
    stale: { description: 'stale' },
    missing: ['name'],
    wrong: { categories: 'snack' },
  },
  {
    // A person's record comes from the designer application; data maintenance (admin) makes others.
    entity: 'Designer',
    actor: 'admin',
    body: () => ({
      email: 'crud-designer@example.com',
      creator_name: u('Crud'),
      address: { city: 'Tokyo', country: 'JP' },
      name: { first: 'Sho' },
      document: [{ image: 'hash1', desc: 'doc' }],
      accepted_terms_version: { designer_version: '3', updated: '2026-01-01T00:00:00+00:00' },
      perferred_contact: 'email',
    }),
    server: () => ({ owner: null, tags: [], mine: false, role: 'personal' }),
    serverOwned: { owner: 'someone', tags: ['abc'] },
    reviewed: { role: 'corporate' },
    patch: () => ({ pr: 'hello', address: { city: 'Kyoto' } }),
    stale: { pr: 'stale' },
    missing: ['creator_name'],
    wrong: { address: 'Tokyo' },
  },
  {
    entity: 'Licensee',
    actor: 'holder',
    body: () => ({
      name: u('Crud Licensee'),
      email: 'org@example.com',
      country: 'JP',
      address: { city: 'Osaka', line: '1-2-3' },
      website: 'https://example.com',
    }),
    // Organisations are made by the holder; their first owner arrives by invitation.
    server: () => ({ owner: null, tags: [] }),
    serverOwned: { owner: 'someone', tags: ['abc'] },
    patch: () => ({ tel: '03-0000-0000' }),
    stale: { tel: '03-0000-0001' },
    missing: ['name'],
    wrong: { tel: 5 },
  },
  {
    entity: 'License',
    actor: 'owner',
    body: () => ({
      ip: fx.ipPrimary,
      licensee: fx.licenseeA,
      territory: ['JP', 'TW'],
      channels: ['retail'],
      term_start: '2026-01-01',
      term_end: '2027-03-31T23:59:59+09:00',
      royalty_rate_bp: 1250,
      minimum_guarantee: 100000,
      advance: 50000,
      currency: 'JPY',
      notes: 'n',
    }),
    dates: { term_start: '2026-01-01T00:00:00.000Z', term_end: '2027-03-31T14:59:59.000Z' },
    server: () => ({ state: 'applied', applicant: sub.owner, contract: null, designer: null }),
    serverOwned: { state: 'active', applicant: 'someone', contract: 'contract.pdf' },
    patch: () => ({ notes: 'renegotiated', term_end: '2027-12-31T09:00:00+09:00' }),
    patched: () => ({ notes: 'renegotiated', term_end: '2027-12-31T00:00:00.000Z' }),
    stale: { notes: 'stale' },
    missing: ['ip'],
    wrong: { royalty_rate_bp: '12.5%' },
    aggregate: {
      outputs: { rate: { $sum: '$royalty_rate_bp' }, start: { $min: '$term_start' } },
      expect: () => ({ rate: 1250, start: '2026-01-01T00:00:00.000Z' }),
    },
  },
  {
    entity: 'Usage',
    actor: 'designer',
    body: () => ({ ip: fx.ipPrimary, designer: D1(), purpose: 'Package art' }),
    server: () => ({ state: 'requested', applicant: sub.designer, reason: null }),
    serverOwned: { state: 'approved', applicant: 'someone', reason: 'because' },
    patch: () => ({ purpose: 'Package art v2' }),
    stale: { purpose: 'stale' },
    missing: ['purpose'],
    wrong: { ip: 5 },
  },
  {
    entity: 'Product',
    actor: 'owner',
    body: () => ({
      license: fx.license,
      name: u('Chips'),
      sku: 'SKU-1',
      category: 'snack',
      images: [{ hash: 'abcdef123456' }],
      price: 198,
      currency: 'JPY',
      planned_launch: '2026-06-01T10:00:00+09:00',
    }),
    dates: { planned_launch: '2026-06-01T01:00:00.000Z' },
    // The product's IP, organisation and designer come from its license.
    server: () => ({
      ip: fx.ipPrimary,
      licensee: fx.licenseeA,
      designer: fx.designerD1,
      state: 'draft',
      owner: sub.owner,
      tags: [],
    }),
    serverOwned: { state: 'approved', owner: 'someone', tags: ['abc'], ip: 'otherIp', licensee: 'otherOrg', designer: 'otherD' },
    patch: () => ({ price: 220, planned_launch: '2026-07-01' }),
    patched: () => ({ price: 220, planned_launch: '2026-07-01T00:00:00.000Z' }),
    stale: { price: 1 },
    missing: ['sku'],
    wrong: { price: '198' },
    aggregate: {
      outputs: { launch: { $max: '$planned_launch' } },
      expect: () => ({ launch: '2026-07-01T00:00:00.000Z' }),
    },
  },
  {
    entity: 'Invoice',
    // Holder staff: an organisation neither edits nor deletes an invoice (it comes from /api/invoice/draft).
    actor: 'holder',
    body: () => ({
      licensee: fx.licenseeA,
      period_start: '2026-01-01',
      period_end: '2026-03-31',
      currency: 'JPY',
      due_date: '2026-05-31T17:00:00+09:00',
      sales: [fx.sales],
    }),
    dates: {
      period_start: '2026-01-01T00:00:00.000Z',
      period_end: '2026-03-31T00:00:00.000Z',
      due_date: '2026-05-31T08:00:00.000Z',
    },
    server: () => ({ amount: 0, state: 'draft', owner: sub.holder, tax_lines: [] }),
    serverOwned: {
      state: 'paid',
      amount: 999,
      owner: 'someone',
      tax_lines: [{ kind: 'vat', label: 'VAT', rate_bp: 1000, amount: 1 }],
    },
    patch: () => ({ due_date: '2026-06-30' }),
    patched: () => ({ due_date: '2026-06-30T00:00:00.000Z' }),
    stale: { currency: 'USD' },
    missing: ['period_end'],
    wrong: { sales: 'abc' },
    aggregate: { outputs: { amount: { $sum: '$amount' } }, expect: () => ({ amount: 0 }) },
  },
  {
    entity: 'Review',
    actor: 'cfl',
    body: () => ({
      subject_type: 'sales',
      subject_key: fx.sales,
      group: 'cfl',
      step: 'cfl',
      comment: 'ok',
      markups: [{ image: 'img', x: 0.5, y: 0.25, note: 'here' }],
    }),
    // A review is decided by PATCH /api/v1/Review/{id}/{state}, which runs its flow.
    server: () => ({ reviewer: sub.cfl, revision: 1, state: 'pending' }),
    serverOwned: { reviewer: 'someone', revision: 7, state: 'approved', reminded_at: '2026-01-01T00:00:00Z' },
    patch: () => ({ step: 'cfl-2', comment: 'fix the totals' }),
    stale: { comment: 'stale' },
    missing: ['subject_key'],
    wrong: { markups: {} },
  },
];

/** The stored record holds every body field (dates as their ISO string). */
function expectStored(record: Rec, body: Rec, dates: Record<string, string> = {}) {
  for (const [field, value] of Object.entries(body)) {
    if (field in dates) expect(record[field], field).toBe(dates[field]);
    else expect(record[field], field).toEqual(value);
  }
}

function expectRecordFields(record: Rec) {
  expect(record.key).toMatch(KEY);
  expect(record.status).toBe(0);
  for (const field of ['dateCreated', 'dateUpdated']) {
    expect(record[field], field).toMatch(ISO);
    expect(Math.abs(Date.parse(String(record[field])) - Date.now())).toBeLessThan(60_000);
  }
}

describe.each(specs)('$entity', (spec) => {
  const base = `/api/v1/${spec.entity}`;

  it(`create, read, update, query, aggregate and delete as ${spec.actor}`, async () => {
    const body = spec.body();
    const res = await call('POST', base, spec.actor, body);
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe(0);
    const record = res.json.data;
    expectRecordFields(record);
    expect(record.version).toBe(1);
    expect(record.dateUpdated).toBe(record.dateCreated);
    expectStored(record, body, spec.dates);
    expect(record).toMatchObject(spec.server());
    const key = String(record.key);

    const read = await call('GET', `${base}/${key}`, spec.actor);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ status: 0, data: record });

    const change = spec.patch();
    const patched = await call('PATCH', `${base}/${key}`, spec.actor, { ...change, version: 1 });
    expect(patched.status, patched.text).toBe(200);
    const after = patched.json.data;
    expect(after.version).toBe(2);
    expect(after.key).toBe(key);
    expect(after.dateCreated).toBe(record.dateCreated);
    expect(after.dateUpdated).toMatch(ISO);
    expect(Date.parse(String(after.dateUpdated))).toBeGreaterThanOrEqual(Date.parse(String(record.dateCreated)));
    expect(after).toMatchObject(spec.patched?.() ?? change);
    // Untouched fields keep their values; server-owned ones too (except those a change derives).
    const derived = Object.keys(spec.patched?.() ?? change);
    for (const [field, value] of Object.entries({ ...body, ...spec.server() })) {
      if (!(field in change) && !derived.includes(field) && !(spec.dates && field in spec.dates)) {
        expect(after[field], field).toEqual(value);
      }
    }
    expect((await call('GET', `${base}/${key}`, spec.actor)).json.data).toEqual(after);

    const list = await call<Envelope<{ items: Rec[] }>>('GET', `${base}?limit=500`, spec.actor);
    expect(list.status).toBe(200);
    expect(list.json.data.items.find((r) => r.key === key)).toEqual(after);

    const query = await call<Envelope<{ items: Rec[]; nextCursor: string | null }>>('POST', `${base}/query`, spec.actor, {
      filter: { key },
    });
    expect(query.status).toBe(200);
    expect(query.json.data).toEqual({ items: [after], nextCursor: null });

    const aggregate = await call<Envelope<Rec[]>>('POST', `${base}/aggregate`, spec.actor, {
      pipeline: [{ $match: { key } }, { $group: { _id: null, n: { $count: {} }, ...spec.aggregate?.outputs } }],
    });
    expect(aggregate.status, aggregate.text).toBe(200);
    // Aggregated after the patch: the outputs follow the changed values.
    expect(aggregate.json.data).toEqual([{ _id: null, n: 1, ...spec.aggregate?.expect() }]);

    const removed = await call('DELETE', `${base}/${key}`, spec.actor);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ status: 0, data: { key } });
    const gone = await call('GET', `${base}/${key}`, spec.actor);
    expect(gone.status).toBe(404);
    expect(gone.json.status).toBe(2);
    expect((await call('GET', `${base}/${key}`, 'admin')).status).toBe(404);
    const none = await call<Envelope<{ items: Rec[] }>>('POST', `${base}/query`, 'admin', { filter: { key } });
    expect(none.json.data.items).toEqual([]);
    expect((await call('DELETE', `${base}/${key}`, spec.actor)).status).toBe(404);
  });

  it('refuses server-owned fields in a body (status 5 naming each) and sets them itself', async () => {
    const owned: Rec = {
      key: 'A'.repeat(48),
      dateCreated: '2000-01-01T00:00:00.000Z',
      dateUpdated: '2000-01-01T00:00:00.000Z',
      status: 9,
      version: 42,
      ...spec.serverOwned,
      ...spec.reviewed,
    };
    // Each is named with why: set by the platform, or changed only through review.
    const codeOf = (field: string) => (spec.reviewed && field in spec.reviewed ? 'reviewed' : 'serverOwned');
    const body = spec.body();
    for (const lang of ['en', 'jp'] as const) {
      const refused = await call<Envelope<ErrorData>>('POST', base, spec.actor, { ...body, ...owned }, lang);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.status).toBe(5);
      expect(Object.keys(refused.json.data.errors).sort()).toEqual(Object.keys(owned).sort());
      for (const field of Object.keys(owned)) {
        expect(refused.json.data.errors[field], field).toBe((lang === 'en' ? en : jp)[codeOf(field)]);
      }
    }
    // One at a time, too: each field alone is enough to refuse the body.
    for (const [field, value] of Object.entries(owned)) {
      const one = await call<Envelope<ErrorData>>('POST', base, spec.actor, { ...body, [field]: value });
      expect(one.json.status, field).toBe(5);
      expect(Object.keys(one.json.data.errors)).toEqual([field]);
    }
    // A batch naming one of them is refused whole (status 15).
    const batch = await call<Envelope<ErrorData>>('POST', base, spec.actor, [
      spec.body(),
      { ...spec.body(), key: 'B'.repeat(48) },
    ]);
    expect(batch.status).toBe(400);
    expect(batch.json.status).toBe(15);
    expect(Object.keys(batch.json.data.errors)).toEqual(['1.key']);

    // Nothing of it was stored; a valid create gets the server's values.
    const record = await created(spec.entity, spec.actor, body);
    expect(record.key).not.toBe(owned.key);
    expectRecordFields(record);
    expect(record.version).toBe(1);
    expect(record).toMatchObject(spec.server());
    for (const [field, value] of Object.entries({ ...spec.serverOwned, ...spec.reviewed })) {
      expect(record[field], field).not.toEqual(value);
    }

    // PATCH may name the version (a precondition) but no other server-owned field.
    const { version: _version, ...patchOwned } = owned;
    const patch = await call<Envelope<ErrorData>>('PATCH', `${base}/${String(record.key)}`, spec.actor, {
      ...spec.patch(),
      ...patchOwned,
    });
    expect(patch.status).toBe(400);
    expect(patch.json.status).toBe(5);
    expect(Object.keys(patch.json.data.errors).sort()).toEqual(Object.keys(patchOwned).sort());
    const unchanged = await call('GET', `${base}/${String(record.key)}`, spec.actor);
    expect(unchanged.json.data).toEqual(record);
    await call('DELETE', `${base}/${String(record.key)}`, 'admin');
  });

  it('reports a missing required field and a wrongly typed one per field, in the language of X-Lang', async () => {
    const body = spec.body();
    for (const field of spec.missing) delete body[field];
    Object.assign(body, spec.wrong);
    const expected = (lang: Lang) => {
      const catalogue = lang === 'en' ? en : jp;
      return {
        ...Object.fromEntries(spec.missing.map((f) => [f, catalogue.required])),
        ...Object.fromEntries(Object.keys(spec.wrong).map((f) => [f, catalogue[spec.wrongCode?.[f] ?? 'type']])),
      };
    };
    for (const lang of ['en', 'jp'] as const) {
      // The X-Lang header wins over the caller's stored language (jp for most demo accounts, en for studio).
      const res = await call<Envelope<ErrorData>>('POST', base, spec.actor, body, lang);
      expect(res.status, res.text).toBe(400);
      expect(res.json.status).toBe(5);
      expect(res.json.data.errors).toEqual(expected(lang));
      for (const message of Object.values(res.json.data.errors)) expect(message).toMatch(lang === 'en' ? ASCII : JAPANESE);

      const batch = await call<Envelope<ErrorData>>('POST', base, spec.actor, [spec.body(), body], lang);
      expect(batch.status).toBe(400);
      expect(batch.json.status).toBe(15);
      expect(batch.json.data.errors).toEqual(
        Object.fromEntries(Object.entries(expected(lang)).map(([field, message]) => [`1.${field}`, message])),
      );
    }
    // Without X-Lang the stored language of the caller is used (all round-trip actors store jp).
    const plain = await call<Envelope<ErrorData>>('POST', base, spec.actor, body);
    expect(plain.json.data.errors).toEqual(expected('jp'));
    // PATCH validates the same fields the same way.
    const record = await created(spec.entity, spec.actor, spec.body());
    const patch = await call<Envelope<ErrorData>>('PATCH', `${base}/${String(record.key)}`, spec.actor, spec.wrong, 'en');
    expect(patch.status).toBe(400);
    expect(patch.json.status).toBe(5);
    expect(Object.keys(patch.json.data.errors).sort()).toEqual(Object.keys(spec.wrong).sort());
    expect((await call('GET', `${base}/${String(record.key)}`, spec.actor)).json.data).toEqual(record);
    await call('DELETE', `${base}/${String(record.key)}`, 'admin');
  });

  it('refuses a PATCH naming a stale version (409, status 5, errors.version) and keeps the newer value', async () => {
    const record = await created(spec.entity, spec.actor, spec.body());
    const url = `${base}/${String(record.key)}`;
    const first = await call('PATCH', url, spec.actor, { ...spec.patch(), version: 1 });
    expect(first.status, first.text).toBe(200);
    const current = first.json.data;
    expect(current.version).toBe(2);
    for (const lang of ['en', 'jp'] as const) {
      const stale = await call<Envelope<ErrorData>>('PATCH', url, spec.actor, { ...spec.stale, version: 1 }, lang);
      expect(stale.status).toBe(409);
      expect(stale.json.status).toBe(5);
      expect(stale.json.data.errors.version).toBe((lang === 'en' ? en : jp).version);
    }
    // A version from the future is just as stale.
    expect((await call('PATCH', url, spec.actor, { ...spec.stale, version: 3 })).status).toBe(409);
    const kept = await call('GET', url, spec.actor);
    expect(kept.json.data).toEqual(current);
    // The current version is accepted.
    const next = await call('PATCH', url, spec.actor, { ...spec.stale, version: 2 });
    expect(next.status, next.text).toBe(200);
    expect(next.json.data).toMatchObject({ ...spec.stale, version: 3 });
    await call('DELETE', url, 'admin');
  });
});

/** A license in force and an approved product on it, as a report needs (set directly: the flows are tested elsewhere). */
async function inForce(license: string, product: string): Promise<void> {
  const db = await getDb();
  await db.update(licenses).set({ state: 'active' }).where(eq(licenses.key, license));
  await db.update(products).set({ state: 'approved' }).where(eq(products.key, product));
}

async function reported(license: string, product: string, nets: number[]): Promise<Rec[]> {
  const res = await call<Envelope>('POST', '/api/sales/report', 'owner', {
    licensee: fx.licenseeA,
    period_start: '2026-01-01',
    period_end: '2026-01-31',
    rows: nets.map((net) => ({ license, product, territory: 'JP', units: 1, gross_sales: net, net_sales: net })),
  });
  expect(res.json.status, res.text).toBe(0);
  const rows = await call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/Sales/query', 'owner', {
    filter: { report: res.json.data.key },
    sort: { net_sales: 1 },
    limit: 100,
  });
  return rows.json.data.items;
}

describe('Sales royalty', () => {
  const RATES = [0, 1, 333, 1250, 5000, 9999, 10000];
  const NETS = [0, 1, 4, 12, 19, 12345, 99_999_999, 2 ** 53 - 1];

  it('is net_sales × the license rate / 10000, rounded half up, for every rate and amount', async () => {
    const licenses = await call<Envelope<Rec[]>>(
      'POST',
      '/api/v1/License',
      'owner',
      RATES.map((rate) => ({
        ip: fx.ipPrimary,
        licensee: fx.licenseeA,
        territory: ['JP'],
        term_start: '2026-01-01',
        term_end: '2026-12-31',
        royalty_rate_bp: rate,
      })),
    );
    expect(licenses.json.status, licenses.text).toBe(0);
    for (const license of licenses.json.data) {
      const product = await created('Product', 'owner', { license: license.key, name: 'p', sku: 'p' });
      await inForce(String(license.key), String(product.key));
      const rate = Number(license.royalty_rate_bp);
      const rows = await reported(String(license.key), String(product.key), NETS);
      rows.forEach((row, i) => {
        expect(row.net_sales).toBe(NETS[i]);
        expect(row.royalty, `${NETS[i]} at ${rate}`).toBe(expectedRoyalty(NETS[i]!, rate));
        expect(row.licensee).toBe(fx.licenseeA);
      });
      const stored = await call<Envelope<Rec[]>>('POST', '/api/v1/Sales/aggregate', 'owner', {
        pipeline: [{ $match: { license: license.key } }, { $group: { _id: null, royalty: { $sum: '$royalty' } } }],
      });
      const total = NETS.reduce((sum, net) => sum + expectedRoyalty(net, rate), 0);
      expect(stored.json.data[0]!.royalty).toBe(total);
    }
  });

  it('known values: half rounds up, below half rounds down', async () => {
    await inForce(fx.license, fx.product);
    const rows = await reported(fx.license, fx.product, [3, 4, 11, 12, 12345, 12348]);
    expect(rows.map((r) => [r.net_sales, r.royalty])).toEqual([
      [3, 0], // 0.375
      [4, 1], // 0.5
      [11, 1], // 1.375
      [12, 2], // 1.5
      [12345, 1543], // 1543.125
      [12348, 1544], // 1543.5
    ]);
  });

  it('is recomputed when holder staff correct net_sales, and never taken from a PATCH body', async () => {
    await inForce(fx.license, fx.product);
    const [record] = await reported(fx.license, fx.product, [100]);
    expect(record!.royalty).toBe(13); // 12.5
    const url = `/api/v1/Sales/${String(record!.key)}`;
    // A row is the licensee's to change only by sending its report again.
    expect((await call('PATCH', url, 'owner', { net_sales: 1 })).status).toBe(403);
    const patched = await call('PATCH', url, 'admin', { net_sales: 1_000_004 });
    expect(patched.json.data.royalty).toBe(125_001); // 125000.5
    expect((await call('GET', url, 'admin')).json.data.royalty).toBe(125_001);
    const refused = await call<Envelope<ErrorData>>('PATCH', url, 'admin', { royalty: 0 });
    expect(refused.json.status).toBe(5);
    expect(Object.keys(refused.json.data.errors)).toEqual(['royalty']);
    expect((await call('GET', url, 'admin')).json.data.royalty).toBe(125_001);
  });

  it('is not created by the generic API: status 5 names the report', async () => {
    const res = await call<Envelope<ErrorData>>('POST', '/api/v1/Sales', 'owner', {
      license: fx.license,
      product: fx.product,
      period_start: '2026-01-01',
      period_end: '2026-01-31',
      territory: 'JP',
      net_sales: 1,
    });
    expect(res.status).toBe(400);
    expect(res.json.status).toBe(5);
    expect(Object.keys(res.json.data.errors)).toEqual(['report']);
  });
});

describe('references', () => {
  it('a Product needs a license of the caller (status 5 on the field); a report row a product of its license', async () => {
    const noLicense = await call<Envelope<ErrorData>>(
      'POST',
      '/api/v1/Product',
      'owner',
      { license: 'nosuchlicense', name: 'x', sku: 'x' },
      'en',
    );
    expect(noLicense.status).toBe(400);
    expect(noLicense.json.status).toBe(5);
    expect(Object.keys(noLicense.json.data.errors)).toEqual(['license']);
    const otherProduct = await created('Product', 'admin', {
      license: (
        await created('License', 'admin', {
          ip: fx.ipPrimary,
          licensee: fx.licenseeA,
          territory: ['JP'],
          term_start: '2026-01-01',
          term_end: '2026-12-31',
          royalty_rate_bp: 100,
        })
      ).key,
      name: 'x',
      sku: 'x',
    });
    // A product of another license than the one named.
    await inForce(fx.license, fx.product);
    const mismatch = await call<Envelope<{ errors: Record<string, Rec> }>>('POST', '/api/sales/report', 'owner', {
      licensee: fx.licenseeA,
      period_start: '2026-01-01',
      period_end: '2026-01-31',
      rows: [{ license: fx.license, product: otherProduct.key, territory: 'JP', units: 1, gross_sales: 1, net_sales: 1 }],
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.status).toBe(15);
    expect(Object.keys(mismatch.json.data.errors['row 1']!)).toEqual(['product']);
  });

  it('date fields accept a date or a date-time with offset and refuse anything else', async () => {
    const base = {
      ip: fx.ipPrimary,
      licensee: fx.licenseeA,
      territory: ['JP'],
      term_end: '2026-12-31',
      royalty_rate_bp: 1,
    };
    for (const bad of ['2026-02-30', '2026-01-01T10:00:00', 'tomorrow', '1767225600000', '']) {
      const res = await call<Envelope<ErrorData>>('POST', '/api/v1/License', 'owner', { ...base, term_start: bad }, 'en');
      expect(res.json.status, bad).toBe(5);
      expect(res.json.data.errors.term_start, bad).toBe(bad === '' ? en.required : en.date);
    }
    const numeric = await call<Envelope<ErrorData>>(
      'POST',
      '/api/v1/License',
      'owner',
      { ...base, term_start: 1767225600000 },
      'en',
    );
    expect(numeric.json.status).toBe(5);
    expect(Object.keys(numeric.json.data.errors)).toEqual(['term_start']);
    const ok = await created('License', 'owner', { ...base, term_start: '2026-01-01T00:00:00.5-00:30' });
    expect(ok.term_start).toBe('2026-01-01T00:30:00.500Z');
  });
});
