/**
 * Authorization at field level (issue #17, "each person sees only what is theirs"): for every
 * entity and every demo role, each record a role reads through list, get and query carries exactly
 * the fields the policy gives that role; a field a role cannot read can be neither filtered,
 * sorted nor grouped on; designers see and may name only their own licensee organisations; other
 * people's accounts show only their public profile.
 *
 * The expectations are written out here (PRIVATE, and who is a record's party) rather than read
 * from lib/server/entities/definitions.ts, so a change to the policy has to change this test too.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import * as tables from '@/lib/server/db/entities-schema';
import { userAccess } from '@/lib/server/db/schema';
import { ENTITY_NAMES, type EntityName } from '@/lib/server/entities/definitions';
import { newKey } from '@/lib/server/keys';
import * as profileRoute from '@/pages/api/core/users/get/profile';
import * as userGetRoute from '@/pages/api/core/users/get';
import * as licenseeOptionsRoute from '@/pages/api/v1/Designer/licensees/[id]';
import { serveEntityApi, type EntityApi } from './entity-api';
import { serveRoute, type RouteServer } from './harness';
import { designerKeyOf, issueAccessToken, subOf } from './tokens';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}

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

/** Fields only a record's party reads (issue #17): contact details, registration numbers, the person behind it. */
const PRIVATE: Partial<Record<EntityName, readonly string[]>> = {
  Designer: [
    'email',
    'tel',
    'fax',
    'location',
    'address',
    'perferred_contact',
    'name',
    'br',
    'responsible_person',
    'invno',
    'affiliation',
    'linked',
    'job_title',
    'license',
    'achievements',
    'desc',
    'document',
    'accepted_terms_version',
  ],
  Licensee: ['email', 'tel', 'address', 'br', 'accepted_terms_version', 'owner'],
};

/** Fields a Designer's public profile keeps (display name: creator or company name; type, category, PR, photo…). */
const DESIGNER_PUBLIC = ['creator_name', 'corporate_name', 'role', 'cat', 'pr', 'photo', 'tags', 'owner'];

/** Holder staff: admin, boss and the product role (approvers and managers hold it). */
const HOLDER_ROLES = new Set(
  demoAccounts
    .filter((a) => a.id === 'admin' || a.id === 'boss' || a.id === 'holder' || a.approver || a.manager)
    .map((a) => a.id),
);

let api: EntityApi;
let options: RouteServer;
let profile: RouteServer;
let userGet: RouteServer;
const token: Record<string, string> = {};
const sub: Record<string, string> = {};
const designerOf: Record<string, string> = {};
let orgA = '';
let orgB = '';

/** Whether `role` is the party of this record (reads its private fields). */
function isParty(role: string, entity: EntityName, record: Rec): boolean {
  if (HOLDER_ROLES.has(role)) return true;
  if (entity === 'Designer') return record.owner === sub[role];
  if (entity === 'Licensee') {
    // Owner and staff of the organisation, not a designer working with it.
    return (role === 'licensee-owner' || role === 'licensee-staff') && record.key === orgA;
  }
  return true;
}

function expectedFields(role: string, entity: EntityName, record: Rec): string[] {
  const columns = Object.keys(getTableColumns(TABLES[entity]));
  const hidden = isParty(role, entity, record) ? [] : (PRIVATE[entity] ?? []);
  const fields = columns.filter((c) => !hidden.includes(c));
  if (entity === 'Designer') fields.push('mine');
  return fields.sort();
}

function fieldsOf(record: Rec): string[] {
  // pending_verification appears only while a contact change waits; none does here.
  return Object.keys(record).sort();
}

beforeAll(async () => {
  await ensureReady();
  api = await serveEntityApi();
  options = await serveRoute(licenseeOptionsRoute, '/api/v1/Designer/licensees/[id]');
  profile = await serveRoute(profileRoute, '/api/core/users/get/profile');
  userGet = await serveRoute(userGetRoute, '/api/core/users/get');
  const db = await getDb();
  const [org] = await db
    .select({ key: tables.licensees.key })
    .from(tables.licensees)
    .where(eq(tables.licensees.name, 'Demo Snacks Manufacturing Co.'));
  orgA = org!.key;
  for (const account of demoAccounts) sub[account.id] = await subOf(account.email);
  // designer@ works with organisation A as its designer member; studio@ with none.
  await db.insert(userAccess).values({ sub: sub.designer!, entry: `calbee:designer:licensee:${orgA}`, grantedBy: 'test' });
  for (const account of demoAccounts) token[account.id] = await issueAccessToken(sub[account.id]!);
  designerOf.designer = await designerKeyOf('designer@example.com');
  designerOf['corporate-designer'] = await designerKeyOf('studio@example.com');
  // Give the records something in every private field, so a leak would show.
  await db
    .update(tables.designers)
    .set({
      tel: '03-1111-2222',
      br: 'BR-123',
      responsible_person: 'Kawaii Taro',
      invno: 'T1234567890123',
      address: { city: 'Tokyo' },
    })
    .where(eq(tables.designers.key, designerOf['corporate-designer']!));
  await db
    .update(tables.licensees)
    .set({ tel: '06-0000-1111', br: 'BR-A', email: 'org-a@example.com' })
    .where(eq(tables.licensees.key, orgA));
  orgB = newKey();
  await db.insert(tables.licensees).values({ key: orgB, name: 'Unrelated Org B', email: 'org-b@example.com', br: 'BR-B' });

  // One record of every other entity, made by admin, so each role meets what it may of each.
  const admin = token.admin!;
  const make = async (entity: string, body: Rec) => {
    const res = await api.call<Envelope>('POST', `/api/v1/${entity}`, admin, body);
    expect(res.json, res.text).toMatchObject({ status: 0 });
    return String(res.json.data.key);
  };
  await make('Tag', { name_jp: '項目', name_en: `fields ${newKey(6)}` });
  const ip = await make('IP', { name: 'Fields IP', kind: 'primary' });
  await db.update(tables.ips).set({ state: 'published' }).where(eq(tables.ips.key, ip));
  const license = await make('License', {
    ip,
    licensee: orgA,
    designer: designerOf.designer,
    territory: ['JP'],
    term_start: '2026-01-01',
    term_end: '2026-12-31',
    royalty_rate_bp: 500,
  });
  await make('Usage', { ip, designer: designerOf.designer, purpose: 'fields' });
  await db.update(tables.licenses).set({ state: 'active' }).where(eq(tables.licenses.key, license));
  await make('Product', { license, name: 'Fields product', sku: 'F-1' });
  await make('Invoice', { licensee: orgA, period_start: '2026-01-01', period_end: '2026-03-31' });
});

afterAll(async () => {
  await Promise.all([api?.close(), options?.close(), profile?.close(), userGet?.close()]);
});

describe('fields returned per entity and demo role', () => {
  for (const account of demoAccounts) {
    it(`${account.id}: every record read by list, get and query carries exactly its allowed fields`, async () => {
      const role = account.id;
      let checked = 0;
      for (const entity of ENTITY_NAMES) {
        const list = await api.call<Envelope<{ items: Rec[] }>>('GET', `/api/v1/${entity}?limit=500`, token[role]);
        expect(list.status, `${entity} list`).toBe(200);
        const query = await api.call<Envelope<{ items: Rec[] }>>('POST', `/api/v1/${entity}/query`, token[role], { limit: 500 });
        expect(query.json.data.items.map((r) => r.key).sort()).toEqual(list.json.data.items.map((r) => r.key).sort());
        for (const record of [...list.json.data.items, ...query.json.data.items]) {
          expect([entity, record.key, fieldsOf(record)]).toEqual([entity, record.key, expectedFields(role, entity, record)]);
          checked += 1;
        }
        for (const record of list.json.data.items.slice(0, 5)) {
          const one = await api.call<Envelope>('GET', `/api/v1/${entity}/${String(record.key)}`, token[role]);
          expect(fieldsOf(one.json.data)).toEqual(expectedFields(role, entity, one.json.data));
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }

  it('a designer reading another designer gets its public profile only: no contact field, no registration number', async () => {
    for (const [reader, other] of [
      ['designer', 'corporate-designer'],
      ['corporate-designer', 'designer'],
    ] as const) {
      const res = await api.call<Envelope>('GET', `/api/v1/Designer/${designerOf[other]}`, token[reader]);
      expect(res.status).toBe(200);
      for (const field of PRIVATE.Designer!) expect(res.json.data, `${reader} reads ${other}.${field}`).not.toHaveProperty(field);
      for (const field of DESIGNER_PUBLIC) expect(res.json.data).toHaveProperty(field);
      expect(JSON.stringify(res.json.data)).not.toMatch(/03-1111-2222|BR-123|Kawaii Taro|T1234567890123|@example\.com/);
      // Its own record, read the same ways, is whole.
      const own = await api.call<Envelope>('GET', `/api/v1/Designer/${designerOf[reader]}`, token[reader]);
      expect(own.json.data.email).toMatch(/@example\.com$/);
    }
  });

  it('a field a role cannot read can be neither filtered, sorted nor grouped on by that role', async () => {
    const probes: [string, Rec][] = [
      ['query', { filter: { email: 'studio@example.com' } }],
      ['query', { filter: { email: { $contains: 'studio' } } }],
      ['query', { sort: { location: 1 } }],
      ['aggregate', { pipeline: [{ $group: { _id: '$email', n: { $count: {} } } }] }],
      ['aggregate', { pipeline: [{ $match: { location: 'Tokyo' } }, { $group: { _id: null, n: { $count: {} } } }] }],
    ];
    for (const [route, body] of probes) {
      for (const role of ['designer', 'corporate-designer', 'licensee-owner', 'user']) {
        const res = await api.call<Envelope<{ errors?: Rec }>>('POST', `/api/v1/Designer/${route}`, token[role], body);
        expect([role, route, JSON.stringify(body), res.status, res.json.status]).toEqual([
          role,
          route,
          JSON.stringify(body),
          400,
          5,
        ]);
      }
      const holder = await api.call<Envelope>('POST', `/api/v1/Designer/${route}`, token.admin, body);
      expect([route, holder.status]).toEqual([route, 200]);
    }
    // A designer member of organisation A cannot probe A's contacts through a filter either; A's own staff can.
    const probe = await api.call<Envelope>('POST', '/api/v1/Licensee/query', token.designer, {
      filter: { email: 'org-a@example.com' },
    });
    expect([probe.status, probe.json.status]).toEqual([400, 5]);
    const staff = await api.call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/Licensee/query', token['licensee-staff'], {
      filter: { email: 'org-a@example.com' },
    });
    expect(staff.json.data.items.map((r) => r.key)).toEqual([orgA]);
  });

  it('a designer listing licensee organisations gets only its own, and names only those', async () => {
    const mine = await api.call<Envelope<{ items: Rec[] }>>('GET', '/api/v1/Licensee?limit=500', token.designer);
    expect(mine.json.data.items.map((r) => r.key)).toEqual([orgA]);
    expect(fieldsOf(mine.json.data.items[0]!)).toEqual(expectedFields('designer', 'Licensee', mine.json.data.items[0]!));
    expect((await api.call('GET', `/api/v1/Licensee/${orgB}`, token.designer)).status).toBe(404);
    const none = await api.call<Envelope<{ items: Rec[] }>>('GET', '/api/v1/Licensee?limit=500', token['corporate-designer']);
    expect(none.json.data.items).toEqual([]);
    const offered = await options.request<Envelope<Rec[]>>('GET', `/api/v1/Designer/licensees/${designerOf.designer}`, {
      headers: { authorization: `Bearer ${token.designer}` },
    });
    expect(offered.json.data.map((o) => o.key)).toEqual([orgA]);
    const studio = await options.request<Envelope<Rec[]>>(
      'GET',
      `/api/v1/Designer/licensees/${designerOf['corporate-designer']}`,
      {
        headers: { authorization: `Bearer ${token['corporate-designer']}` },
      },
    );
    expect(studio.json.data).toEqual([]);
  });

  it("other people's accounts: the public profile only, and the full account answers not found", async () => {
    for (const reader of ['designer', 'licensee-staff', 'user']) {
      const other = await profile.request<Envelope>('POST', '/api/core/users/get/profile', {
        headers: { authorization: `Bearer ${token[reader]}` },
        body: { sub: sub['corporate-designer'] },
      });
      expect(Object.keys(other.json.data).sort()).toEqual(['first_name', 'last_name', 'nickname', 'picture', 'sub']);
      const full = await userGet.request<Envelope>('POST', '/api/core/users/get', {
        headers: { authorization: `Bearer ${token[reader]}` },
        body: { sub: sub['corporate-designer'] },
      });
      expect([reader, full.status]).toEqual([reader, 404]);
    }
    const admin = await userGet.request<Envelope>('POST', '/api/core/users/get', {
      headers: { authorization: `Bearer ${token.admin}` },
      body: { sub: sub['corporate-designer'] },
    });
    expect(admin.json.data.email).toBe('studio@example.com');
  });
});
