/**
 * Mass assignment, property-based (issue #23): for every demo role and every entity, a create or a
 * patch that names a field the server owns (keys, dates, states, owners, derived facts) or one that
 * changes only through its flow's review (a designer's type) is refused with status 5 naming each
 * such field and its reason, whatever else the body holds; and nothing changes: no row is added or
 * removed, and the record aimed at reads the same afterwards.
 *
 * The fields are listed here rather than read from lib/server/entities/definitions.ts.
 */
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import * as tables from '@/lib/server/db/entities-schema';
import { ENTITY_NAMES, type EntityName } from '@/lib/server/entities/definitions';
import { newKey } from '@/lib/server/keys';
import en from '@/locales/en/validation.json';
import { serveEntityApi, type EntityApi } from './entity-api';
import { designerKeyOf, issueAccessToken, subOf } from './tokens';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}

const RUNS = Number(process.env.FUZZ_RUNS) || 150;

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

const RECORD = ['key', 'dateCreated', 'dateUpdated', 'status'];

/** Fields the server or a flow owns, per entity (besides the record's own columns above). */
const SERVER: Record<EntityName, readonly string[]> = {
  Tag: [],
  Holder: ['is_default', 'approver', 'manager_legal', 'manager_brand', 'manager_cfl', 'terms'],
  IP: ['state', 'owner', 'tags', 'holder'],
  Designer: ['owner', 'tags'],
  Licensee: ['owner', 'tags'],
  License: ['state', 'applicant', 'contract'],
  Usage: ['state', 'applicant', 'reason'],
  Sales: ['state', 'royalty', 'owner', 'licensee', 'ip', 'report'],
  Product: ['state', 'owner', 'tags', 'ip', 'licensee', 'designer'],
  Invoice: ['state', 'amount', 'owner', 'tax_lines'],
  SalesReport: ['state', 'owner', 'row_count', 'totals', 'late', 'licensee', 'source', 'file_name', 'period_start', 'period_end'],
  Review: ['reviewer', 'revision', 'state', 'reminded_at'],
};

/** Fields that change only through their flow's review. */
const REVIEWED: Partial<Record<EntityName, readonly string[]>> = { Designer: ['role'] };

let api: EntityApi;
const token: Record<string, string> = {};
const target = {} as Record<EntityName, string>;
let counts: Record<string, number>;

async function rowCounts(): Promise<Record<string, number>> {
  const db = await getDb();
  const out: Record<string, number> = {};
  for (const entity of ENTITY_NAMES) out[entity] = Number((await db.select({ n: count() }).from(TABLES[entity]))[0]!.n);
  return out;
}

async function asAdmin(entity: EntityName): Promise<Rec> {
  return (await api.call<Envelope>('GET', `/api/v1/${entity}/${target[entity]}`, token.admin)).json.data;
}

beforeAll(async () => {
  await ensureReady();
  api = await serveEntityApi();
  for (const account of demoAccounts) token[account.id] = await issueAccessToken(await subOf(account.email));
  const db = await getDb();
  const make = async (entity: EntityName, body: Rec) => {
    const res = await api.call<Envelope>('POST', `/api/v1/${entity}`, token.admin, body);
    expect(res.json, res.text).toMatchObject({ status: 0 });
    target[entity] = String(res.json.data.key);
  };
  const [org] = await db.select({ key: tables.licensees.key }).from(tables.licensees).limit(1);
  target.Licensee = org!.key;
  target.Designer = await designerKeyOf('studio@example.com');
  await make('Tag', { name_jp: '一括', name_en: `mass ${newKey(6)}` });
  await make('Holder', { name: 'Mass holder' });
  await make('IP', { name: 'Mass IP', kind: 'primary' });
  await make('License', {
    ip: target.IP,
    licensee: target.Licensee,
    territory: ['JP'],
    term_start: '2026-01-01',
    term_end: '2026-12-31',
    royalty_rate_bp: 500,
  });
  await make('Usage', { ip: target.IP, purpose: 'mass' });
  await db.update(tables.licenses).set({ state: 'active' }).where(eq(tables.licenses.key, target.License));
  await make('Product', { license: target.License, name: 'Mass product', sku: 'M-1' });
  target.SalesReport = newKey();
  target.Sales = newKey();
  const period = { period_start: new Date('2026-01-01T00:00:00Z'), period_end: new Date('2026-01-31T00:00:00Z') };
  await db
    .insert(tables.salesReports)
    .values({ key: target.SalesReport, reference: 'SR-2026-9001', licensee: target.Licensee, ...period });
  await db.insert(tables.sales).values({
    key: target.Sales,
    license: target.License,
    product: target.Product,
    licensee: target.Licensee,
    ...period,
    territory: 'JP',
    net_sales: 100,
    report: target.SalesReport,
  });
  await make('Invoice', { licensee: target.Licensee, period_start: '2026-01-01', period_end: '2026-03-31' });
  await make('Review', { subject_type: 'sales', subject_key: target.Sales });
  counts = await rowCounts();
});

afterAll(async () => {
  await api?.close();
});

/** A value someone might try for any field: the right shape or not, hostile or not. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('approved', 'active', 'corporate', 'personal', 'someone-else', 'A'.repeat(48), '2000-01-01T00:00:00Z'),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** Client fields an honest body might carry beside the forbidden ones. */
const HONEST: Partial<Record<EntityName, Rec>> = {
  Tag: { description: 'changed' },
  Holder: { name: 'changed' },
  IP: { description: 'changed' },
  Designer: { pr: 'changed' },
  Licensee: { tel: '03-0000-0000' },
  License: { notes: 'changed' },
  Usage: { purpose: 'changed' },
  Sales: { territory: 'TW' },
  Product: { category: 'changed' },
  Invoice: { currency: 'USD' },
  SalesReport: { notes: 'changed' },
  Review: { comment: 'changed' },
};

describe('mass assignment: server-owned and reviewed fields, every demo role, every entity', () => {
  it('a create or patch naming any of them is refused with status 5 naming each, and changes nothing', async () => {
    const roles = demoAccounts.map((a) => a.id);
    const cases = fc.constantFrom(...ENTITY_NAMES).chain((entity) => {
      const owned = [...RECORD, ...SERVER[entity], ...(REVIEWED[entity] ?? [])];
      return fc.record({
        entity: fc.constant(entity),
        role: fc.constantFrom(...roles),
        mode: fc.constantFrom('create', 'patch', 'batch'),
        forbidden: fc
          .subarray(owned, { minLength: 1 })
          .chain((fields) => fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])) as Record<string, typeof anyValue>)),
        honest: fc.boolean(),
      });
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ entity, role, mode, forbidden, honest }) => {
        const before = await asAdmin(entity);
        const body = { ...(honest ? HONEST[entity] : {}), ...forbidden };
        const path = mode === 'patch' ? `/api/v1/${entity}/${target[entity]}` : `/api/v1/${entity}`;
        const sent = mode === 'batch' ? [body] : body;
        const res = await api.call<Envelope<{ errors: Record<string, string>; codes: Record<string, { code: string }> }>>(
          mode === 'patch' ? 'PATCH' : 'POST',
          path,
          token[role],
          sent,
        );
        const label = `${role} ${mode} ${entity} ${JSON.stringify(body).slice(0, 200)}`;
        expect([label, res.status, res.json.status]).toEqual([label, 400, mode === 'batch' ? 15 : 5]);
        for (const field of Object.keys(forbidden)) {
          const at = mode === 'batch' ? `0.${field}` : field;
          const want = REVIEWED[entity]?.includes(field) ? 'reviewed' : 'serverOwned';
          expect([label, field, res.json.data.codes?.[at]?.code]).toEqual([label, field, want]);
        }
        if (res.json.data.errors) {
          // Said in words a person reads (the caller's language), never the library's.
          for (const message of Object.values(res.json.data.errors)) expect(message).not.toMatch(/Unrecognized|zod|undefined/);
        }
        expect(await asAdmin(entity)).toEqual(before);
      }),
      { numRuns: RUNS, seed: 2317 },
    );
    expect(await rowCounts()).toEqual(counts);
  });

  it('names the reason in the language of the request', async () => {
    const res = await api.call<Envelope<{ errors: Record<string, string> }>>(
      'PATCH',
      `/api/v1/Designer/${target.Designer}`,
      token['corporate-designer'],
      { role: 'personal', owner: 'someone' },
    );
    expect(res.json.status).toBe(5);
    // The studio account stores English.
    expect(res.json.data.errors).toEqual({ role: en.reviewed, owner: en.serverOwned });
    expect((await asAdmin('Designer')).role).toBe('corporate');
  });

  it('a personal designer cannot make itself corporate, nor make a second designer record', async () => {
    const own = await designerKeyOf('designer@example.com');
    const read = async () => (await api.call<Envelope>('GET', `/api/v1/Designer/${own}`, token.admin)).json.data;
    const before = await read();
    expect(before.role).toBe('personal');
    const patch = await api.call<Envelope<{ errors: Record<string, string> }>>(
      'PATCH',
      `/api/v1/Designer/${own}`,
      token.designer,
      { role: 'corporate', corporate_name: 'Aoi Inc.' },
    );
    expect([patch.status, patch.json.status]).toEqual([400, 5]);
    expect(Object.keys(patch.json.data.errors)).toEqual(['role']);
    expect(await read()).toEqual(before);

    const create = await api.call<Envelope>('POST', '/api/v1/Designer', token.designer, {
      creator_name: 'Aoi again',
      email: 'designer@example.com',
    });
    expect(create.status).toBe(403);
    expect(await rowCounts()).toEqual(counts);
  });
});
