/**
 * The licensee side (issue 6): products need an active license; one organisation's members never
 * see another's licenses and products; owners and admins manage members; the last owner stays.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { licensees } from '@/lib/server/db/entities-schema';
import { adminLog, userAccess } from '@/lib/server/db/schema';
import * as memberLookup from '@/pages/api/licensee/member-lookup';
import * as roleLicensee from '@/pages/api/role/licensee/[x]';
import * as entityIndex from '@/pages/api/v1/[entity]/index';
import { eSign } from './e-sign';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}
interface Invalid {
  errors: Record<string, string>;
}

const PEOPLE = {
  holder: 'holder@example.com',
  legal: 'legal@example.com',
  cfl: 'cfl@example.com',
  boss: 'boss@example.com',
  owner: 'licensee@example.com',
  staff: 'licensee-staff@example.com',
  user: 'user@example.com',
  designer: 'designer@example.com',
};
type Who = keyof typeof PEOPLE;

let api: FlowApi;
let roles: RouteServer;
let lookup: RouteServer;
const token = {} as Record<Who, string>;
const sub = {} as Record<Who, string>;
let orgA = '';
let orgB = '';
let ip = '';
let n = 0;

async function call<T = Rec>(method: string, path: string, who: Who, body?: unknown) {
  return api.call<Envelope<T>>(method, path, token[who], body);
}

async function role<T = Rec>(method: string, org: string, who: Who, body?: unknown) {
  return roles.request<Envelope<T>>(method, `/api/role/licensee/${org}`, {
    headers: { authorization: `Bearer ${token[who]}` },
    body,
  });
}

async function find(who: Who, body: unknown) {
  return lookup.request<Envelope<{ sub: string; name: string; email: string }>>('POST', '/api/licensee/member-lookup', {
    headers: { authorization: `Bearer ${token[who]}` },
    body,
  });
}

async function apply(org: string, who: Who = 'owner'): Promise<string> {
  const res = await call('POST', '/api/v1/License', who, {
    ip,
    licensee: org,
    territory: ['JP'],
    term_start: '2027-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: 1250,
    minimum_guarantee: 100000,
    currency: 'JPY',
  });
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  return String(res.json.data.key);
}

/** Walks a license through the whole flow of DESIGN §6 to active. */
async function activate(key: string): Promise<void> {
  expect((await call('POST', `/api/v1/License/${key}/start_review`, 'owner')).json.status).toBe(0);
  for (const who of ['legal', 'cfl', 'boss'] as const) {
    const res = await call('POST', `/api/v1/Holder/approve/licenses/${key}`, who, { decision: 'approved' });
    expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  }
  const sent = await call('POST', `/api/v1/License/${key}/send_contract`, 'holder');
  expect(sent.json.status, `send_contract: ${JSON.stringify(sent.json)}`).toBe(0);
  await eSign(api, key, token.owner, 'licensee');
  await eSign(api, key, token.holder, 'holder');
  expect((await call('GET', `/api/v1/License/${key}`, 'owner')).json.data.state).toBe('active');
}

async function product(license: string, who: Who = 'owner') {
  n += 1;
  return call<Rec & Invalid>('POST', '/api/v1/Product', who, { license, name: `Chips ${n}`, sku: `SKU-${n}`, price: 350 });
}

async function entriesOf(person: string): Promise<string[]> {
  const rows = await (await getDb()).select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, person));
  return rows.map((r) => r.entry).sort();
}

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  roles = await serveRoute(roleLicensee, '/api/role/licensee/[x]');
  lookup = await serveRoute(memberLookup, '/api/licensee/member-lookup');
  for (const [who, email] of Object.entries(PEOPLE) as [Who, string][]) {
    sub[who] = await subOf(email);
    token[who] = await issueAccessToken(sub[who]);
  }
  const [org] = await (await getDb()).select({ key: licensees.key }).from(licensees).where(eq(licensees.owner, sub.owner));
  orgA = org!.key;
  const created = await call('POST', '/api/v1/Licensee', 'holder', { name: 'Second Snacks Ltd.' });
  orgB = String(created.json.data.key);
  // user@example.com is the staff of the second organisation only.
  expect((await role('POST', orgB, 'holder', { sub: sub.user, role: 'staff' })).json.status).toBe(0);
  const primary = await call('POST', '/api/v1/IP', 'holder', { name: 'Licensable primary', kind: 'primary' });
  ip = String(primary.json.data.key);
  expect((await call('POST', `/api/v1/IP/${ip}/publish`, 'holder')).json.status).toBe(0);
});

afterAll(async () => {
  await api.close();
  await roles.close();
  await lookup.close();
});

describe('products need an active license', () => {
  it('refuses a product on a license that is applied, in review or approved, with the message under license', async () => {
    const license = await apply(orgA);
    const refused = await product(license);
    expect(refused.status).toBe(400);
    expect(refused.json.status).toBe(5);
    expect(typeof refused.json.data.errors.license).toBe('string');
    expect((await call('POST', `/api/v1/License/${license}/start_review`, 'owner')).json.status).toBe(0);
    expect((await product(license)).json.status).toBe(5);
  });

  it('accepts one once the license is active, with IP and organisation copied from it', async () => {
    const license = await apply(orgA);
    await activate(license);
    const made = await product(license);
    expect(made.json.status, JSON.stringify(made.json)).toBe(0);
    expect(made.json.data).toMatchObject({ license, ip, licensee: orgA, state: 'draft' });
    // The IP is a primary IP without a designer, so the designer review passes straight to the holder.
    expect((await call('POST', `/api/v1/Product/${String(made.json.data.key)}/submit`, 'owner')).json.data.state).toBe(
      'holder_review',
    );
  });

  it('answers the refusal in the language asked for', async () => {
    const license = await apply(orgA);
    const server = await serveRoute(entityIndex, '/api/v1/[entity]');
    try {
      const ask = (lang: string) =>
        server.request<Envelope<Invalid>>('POST', '/api/v1/Product', {
          headers: { authorization: `Bearer ${token.owner}`, 'x-lang': lang },
          body: { license, name: 'x', sku: 'x' },
        });
      expect((await ask('en')).json.data.errors.license).toBe('Choose an active (signed) license.');
      expect((await ask('jp')).json.data.errors.license).toBe('有効（契約締結済み）なライセンスを選んでください。');
    } finally {
      await server.close();
    }
  });
});

describe("one organisation's data stays with it", () => {
  let license = '';
  let made = '';
  beforeAll(async () => {
    license = await apply(orgA);
    await activate(license);
    made = String((await product(license)).json.data.key);
  });

  it("A's staff reads A's licenses and products", async () => {
    expect((await call('GET', `/api/v1/License/${license}`, 'staff')).json.status).toBe(0);
    expect((await call('GET', `/api/v1/Product/${made}`, 'staff')).json.status).toBe(0);
    const listed = await call<{ items: Rec[] }>('POST', '/api/v1/License/query', 'staff', { limit: 100 });
    expect(listed.json.data.items.map((l) => l.key)).toContain(license);
  });

  it("B's staff finds none of A's licenses or products (not found, empty queries)", async () => {
    const one = await call('GET', `/api/v1/License/${license}`, 'user');
    expect(one.status).toBe(404);
    expect((await call('GET', `/api/v1/Product/${made}`, 'user')).status).toBe(404);
    const licenses = await call<{ items: Rec[] }>('POST', '/api/v1/License/query', 'user', { limit: 100 });
    expect(licenses.json.data.items.filter((l) => l.licensee === orgA)).toEqual([]);
    const products = await call<{ items: Rec[] }>('POST', '/api/v1/Product/query', 'user', { limit: 100 });
    expect(products.json.data.items).toEqual([]);
    // Nor may B's staff create under A's license: it does not exist for them.
    const foreign = await product(license, 'user');
    expect(foreign.json.status).toBe(5);
    expect(foreign.json.data.errors.license).toBeTruthy();
  });

  it("B's staff cannot see or change A's members; A's staff cannot change them either", async () => {
    expect((await role('GET', orgA, 'user')).status).toBe(404);
    expect((await role('POST', orgA, 'user', { sub: sub.user, role: 'owner' })).status).toBe(404);
    expect((await find('user', { licensee: orgA, email: PEOPLE.staff })).status).toBe(404);
    expect((await role('POST', orgA, 'staff', { sub: sub.staff, role: 'admin' })).status).toBe(403);
    expect((await role('DELETE', orgA, 'staff', { sub: sub.owner })).status).toBe(403);
    expect((await find('staff', { licensee: orgA, email: PEOPLE.user })).status).toBe(403);
    expect(await entriesOf(sub.user)).not.toContain(`calbee:owner:licensee:${orgA}`);
  });
});

describe('members', () => {
  it('the owner makes an admin; the admin finds a person by e-mail, adds them as staff and removes them', async () => {
    expect((await role('POST', orgA, 'owner', { sub: sub.designer, role: 'admin' })).json.status).toBe(0);
    token.designer = await issueAccessToken(sub.designer);
    const found = await find('designer', { licensee: orgA, email: 'USER@example.com' });
    expect(found.json).toMatchObject({ status: 0, data: { sub: sub.user, email: PEOPLE.user } });
    const added = await role('POST', orgA, 'designer', { sub: found.json.data.sub, role: 'staff' });
    expect(added.json.status).toBe(0);
    expect(await entriesOf(sub.user)).toContain(`calbee:staff:licensee:${orgA}`);
    const listed = await role<{ members: { sub: string; roles: string[] }[] }>('GET', orgA, 'designer');
    expect(listed.json.data.members.find((m) => m.sub === sub.user)?.roles).toEqual(['staff']);
    const removed = await role('DELETE', orgA, 'designer', { sub: sub.user });
    expect(removed.json.status).toBe(0);
    expect(await entriesOf(sub.user)).not.toContain(`calbee:staff:licensee:${orgA}`);
    // B's membership is untouched.
    expect(await entriesOf(sub.user)).toContain(`calbee:staff:licensee:${orgB}`);
    const log = await (
      await getDb()
    )
      .select()
      .from(adminLog)
      .where(and(eq(adminLog.ref, orgA), eq(adminLog.sub, sub.designer)));
    expect(log.map((l) => l.action).sort()).toEqual(['licensee.member.remove', 'licensee.member.set']);
  });

  it('an admin may not touch the owner', async () => {
    expect((await role('DELETE', orgA, 'designer', { sub: sub.owner })).status).toBe(403);
    expect((await role('POST', orgA, 'designer', { sub: sub.designer, role: 'owner' })).status).toBe(403);
  });

  it('the last owner cannot be removed or demoted', async () => {
    const removed = await role<Invalid>('DELETE', orgA, 'owner', { sub: sub.owner });
    expect(removed.status).toBe(400);
    expect(removed.json.status).toBe(5);
    expect(removed.json.data.errors.sub).toBeTruthy();
    const demoted = await role<Invalid>('POST', orgA, 'owner', { sub: sub.owner, role: 'admin' });
    expect(demoted.json.status).toBe(5);
    expect(await entriesOf(sub.owner)).toContain(`calbee:owner:licensee:${orgA}`);
  });

  it('looking up an unknown address answers a message under email', async () => {
    const res = await find('owner', { licensee: orgA, email: 'nobody-here@example.com' });
    expect(res.json.status).toBe(5);
    expect((res.json.data as unknown as Invalid).errors.email).toBeTruthy();
    const bad = await find('owner', { licensee: orgA, email: 'not an address' });
    expect(bad.json.status).toBe(5);
  });
});
