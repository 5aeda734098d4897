import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { licensees, licenses, reviews } from '@/lib/server/db/entities-schema';
import { invitations } from '@/lib/server/db/platform-schema';
import { userAccess } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import * as ipsRoute from '@/pages/api/v1/Designer/ips/[id]';
import * as licenseesRoute from '@/pages/api/v1/Designer/licensees/[id]';
import * as licensesRoute from '@/pages/api/v1/Designer/licenses/[id]';
import * as productsRoute from '@/pages/api/v1/Designer/products/[id]';
import * as usagesRoute from '@/pages/api/v1/Designer/usages/[id]';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { designerKeyOf, issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };
type Rec = Record<string, unknown>;

let api: FlowApi;
const designerApi: Record<string, RouteServer> = {};
const token: Record<string, string> = {};
const keys = {
  designer: '',
  other: '',
  primary: '',
  permit: '',
  draftIp: '',
  approvedIp: '',
  license: '',
  product: '',
  productReview: '',
  licensee: '',
};

async function pendingReview(subjectKey: string, group: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ key: reviews.key })
    .from(reviews)
    .where(and(eq(reviews.subject_key, subjectKey), eq(reviews.group, group), eq(reviews.state, 'pending')));
  if (!row) throw new Error(`no pending ${group} review for ${subjectKey}`);
  return row.key;
}

async function ok<T = Rec>(method: string, path: string, who: string, body?: unknown): Promise<T> {
  const res = await api.call<Envelope<T>>(method, path, token[who], body);
  expect(res.json.status, `${method} ${path} as ${who}: ${JSON.stringify(res.json.data)}`).toBe(0);
  return res.json.data;
}

async function designerCall<T = unknown>(kind: string, id: string, who: string) {
  return (
    await designerApi[kind]!.request<Envelope<T>>('GET', `/api/v1/Designer/${kind}/${id}`, {
      headers: { authorization: `Bearer ${token[who]}` },
    })
  ).json;
}

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  designerApi.usages = await serveRoute(usagesRoute, '/api/v1/Designer/usages/[id]');
  designerApi.ips = await serveRoute(ipsRoute, '/api/v1/Designer/ips/[id]');
  designerApi.products = await serveRoute(productsRoute, '/api/v1/Designer/products/[id]');
  designerApi.licenses = await serveRoute(licensesRoute, '/api/v1/Designer/licenses/[id]');
  designerApi.licensees = await serveRoute(licenseesRoute, '/api/v1/Designer/licensees/[id]');
  const people = {
    holder: 'holder@example.com',
    boss: 'boss@example.com',
    brand: 'brand@example.com',
    legal: 'legal@example.com',
    designer: 'designer@example.com',
    other: 'studio@example.com',
    user: 'user@example.com',
    licensee: 'licensee@example.com',
  };
  for (const [name, email] of Object.entries(people)) token[name] = await issueAccessToken(await subOf(email));

  keys.designer = await designerKeyOf(people.designer);
  keys.other = await designerKeyOf(people.other);
  keys.primary = (await ok('POST', '/api/v1/IP', 'holder', { name: 'Designer endpoints primary', kind: 'primary' }))
    .key as string;
  await ok('POST', `/api/v1/IP/${keys.primary}/publish`, 'holder');

  // A usage permit, approved by brand.
  keys.permit = (await ok('POST', '/api/v1/Usage', 'designer', { ip: keys.primary, designer: keys.designer, purpose: 'Remix' }))
    .key as string;
  await ok('PATCH', `/api/v1/Review/${await pendingReview(keys.permit, 'brand')}/approved`, 'brand', {});

  // A secondary IP kept as a draft, and one approved by brand and legal.
  const secondary = (name: string) => ({ name, kind: 'secondary', designer: keys.designer, parent: keys.primary });
  keys.draftIp = (await ok('POST', '/api/v1/IP', 'designer', secondary('Draft remix'))).key as string;
  keys.approvedIp = (await ok('POST', '/api/v1/IP', 'designer', secondary('Approved remix'))).key as string;
  await ok('POST', `/api/v1/IP/${keys.approvedIp}/submit`, 'designer');
  for (const group of ['brand', 'legal'])
    await ok('PATCH', `/api/v1/Review/${await pendingReview(keys.approvedIp, group)}/approved`, group, {});

  // The organisation the licensee belongs to, and the designer's license application for it.
  const orgs = await ok<{ items: Rec[] }>('POST', '/api/v1/Licensee/query', 'licensee', {});
  keys.licensee = String(orgs.items[0]!.key);
  // The designer works with that organisation (a designer member, as its invitation made it).
  const db = await getDb();
  await db
    .insert(userAccess)
    .values({ sub: await subOf(people.designer), entry: `calbee:designer:licensee:${keys.licensee}`, grantedBy: 'test' });
  token.designer = await issueAccessToken(await subOf(people.designer));
  keys.license = (
    await ok('POST', '/api/v1/License', 'designer', {
      ip: keys.approvedIp,
      licensee: keys.licensee,
      designer: keys.designer,
      territory: ['JP'],
      term_start: '2027-01-01',
      term_end: '2027-12-31',
      royalty_rate_bp: 1000,
    })
  ).key as string;

  // Products need an active license: one written straight into the database (its flow is tested elsewhere).
  const active = newKey();
  await (await getDb()).insert(licenses).values({
    key: active,
    reference: fixtureReference('LIC'),
    ip: keys.approvedIp,
    licensee: keys.licensee,
    designer: keys.designer,
    applicant: await subOf('designer@example.com'),
    state: 'active',
    territory: ['JP'],
    term_start: new Date('2027-01-01T00:00:00Z'),
    term_end: new Date('2027-12-31T00:00:00Z'),
    royalty_rate_bp: 1000,
  });
  // The licensee makes a product on it and submits it: the designer's review opens.
  keys.product = (await ok('POST', '/api/v1/Product', 'licensee', { license: active, name: 'Remix chips', sku: 'RMX-001' }))
    .key as string;
  await ok('POST', `/api/v1/Product/${keys.product}/submit`, 'licensee');
  keys.productReview = await pendingReview(keys.product, 'designer');
});

afterAll(async () => {
  await api?.close();
  await Promise.all(Object.values(designerApi).map((s) => s.close()));
});

describe('GET /api/v1/Designer/{usages,ips,products,licenses,licensees}/{id}', () => {
  it('usages: the owner and holder staff read the permits with the IP name; others are refused', async () => {
    for (const who of ['designer', 'holder', 'boss']) {
      const answer = await designerCall<Rec[]>('usages', keys.designer, who);
      expect(answer.status).toBe(0);
      const permit = answer.data.find((u) => u.key === keys.permit);
      expect(permit).toMatchObject({ state: 'approved', ipName: 'Designer endpoints primary' });
    }
    expect((await designerCall('usages', keys.designer, 'other')).status).toBe(3);
    expect((await designerCall('usages', keys.designer, 'user')).status).toBe(3);
    expect((await designerCall('usages', 'nosuchdesigner', 'designer')).status).toBe(2);
  });

  it('usages: a rejected permit carries the reviewer comment as its reason', async () => {
    const other = await ok('POST', '/api/v1/IP', 'holder', { name: 'Refused primary', kind: 'primary' });
    await ok('POST', `/api/v1/IP/${String(other.key)}/publish`, 'holder');
    const permit = await ok('POST', '/api/v1/Usage', 'designer', { ip: other.key, purpose: 'Another remix' });
    await ok('PATCH', `/api/v1/Review/${await pendingReview(String(permit.key), 'brand')}/rejected`, 'brand', {
      comment: 'Not for remixes',
    });
    const answer = await designerCall<Rec[]>('usages', keys.designer, 'designer');
    expect(answer.data.find((u) => u.key === permit.key)).toMatchObject({ state: 'rejected', reason: 'Not for remixes' });
  });

  it('ips: the owner and holder see every state; another designer and a plain user see approved ones only', async () => {
    for (const who of ['designer', 'holder']) {
      const answer = await designerCall<Rec[]>('ips', keys.designer, who);
      expect(answer.status).toBe(0);
      expect(answer.data.map((ip) => ip.key)).toEqual(expect.arrayContaining([keys.draftIp, keys.approvedIp]));
    }
    for (const who of ['other', 'user']) {
      const answer = await designerCall<Rec[]>('ips', keys.designer, who);
      expect(answer.status).toBe(0);
      expect(answer.data.map((ip) => ip.key)).toEqual([keys.approvedIp]);
    }
    expect((await designerCall('ips', 'nosuchdesigner', 'user')).status).toBe(2);
  });

  it('products: each carries its pending designer review key and the licensee name', async () => {
    for (const who of ['designer', 'holder']) {
      const answer = await designerCall<Rec[]>('products', keys.designer, who);
      expect(answer.status).toBe(0);
      const product = answer.data.find((p) => p.key === keys.product);
      expect(product).toMatchObject({ state: 'designer_review', designerReview: keys.productReview, ipName: 'Approved remix' });
      expect(typeof product?.licenseeName).toBe('string');
    }
    expect((await designerCall('products', keys.designer, 'other')).status).toBe(3);
    expect((await designerCall('products', keys.designer, 'user')).status).toBe(3);
    expect((await designerCall('products', 'nosuchdesigner', 'holder')).status).toBe(2);
  });

  it('licenses: the owner and holder read the applications with names; others are refused', async () => {
    for (const who of ['designer', 'holder']) {
      const answer = await designerCall<Rec[]>('licenses', keys.designer, who);
      expect(answer.status).toBe(0);
      expect(answer.data.find((l) => l.key === keys.license)).toMatchObject({
        state: 'applied',
        ipName: 'Approved remix',
        royalty_rate_bp: 1000,
      });
    }
    expect((await designerCall('licenses', keys.designer, 'other')).status).toBe(3);
    expect((await designerCall('licenses', keys.designer, 'user')).status).toBe(3);
    expect((await designerCall('licenses', 'nosuchdesigner', 'designer')).status).toBe(2);
  });

  it('licensees: only the organisations the designer belongs to or was invited by, as {key, name}; others are refused', async () => {
    const db = await getDb();
    const unrelated = newKey();
    const inviting = newKey();
    await db.insert(licensees).values([
      { key: unrelated, name: 'Unrelated Org' },
      { key: inviting, name: 'Inviting Org' },
    ]);
    const options = async () =>
      (await designerCall<{ key: string; name: string }[]>('licensees', keys.designer, 'designer')).data.map((o) => o.key);
    const answer = await designerCall<{ key: string; name: string }[]>('licensees', keys.designer, 'designer');
    expect(answer.status).toBe(0);
    expect(answer.data.map((o) => o.key)).toEqual([keys.licensee]);
    expect(Object.keys(answer.data[0]!).sort()).toEqual(['key', 'name']);
    // A pending invitation to the designer's address adds its organisation; an expired one does not.
    const invite = {
      kind: 'licensee-designer',
      email: 'DESIGNER@example.com',
      role: 'designer',
      tokenHash: newKey(),
      invitedBy: await subOf('licensee@example.com'),
    };
    await db.insert(invitations).values([
      { key: newKey(), reference: 'INV-2026-9001', ...invite, entity: inviting, expiresAt: new Date(Date.now() + 3600_000) },
      {
        key: newKey(),
        reference: 'INV-2026-9002',
        ...invite,
        tokenHash: newKey(),
        entity: unrelated,
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    expect((await options()).sort()).toEqual([keys.licensee, inviting].sort());
    // Holder staff reading the designer's options see the designer's, not every organisation.
    expect((await designerCall<{ key: string }[]>('licensees', keys.designer, 'holder')).data.map((o) => o.key).sort()).toEqual(
      [keys.licensee, inviting].sort(),
    );
    // Naming an unrelated organisation in an application is refused as a reference that does not exist.
    const application = {
      ip: keys.approvedIp,
      designer: keys.designer,
      territory: ['JP'],
      term_start: '2027-01-01',
      term_end: '2027-12-31',
      royalty_rate_bp: 1000,
    };
    const refused = await api.call<Envelope<{ errors: Rec }>>('POST', '/api/v1/License', token.designer, {
      ...application,
      licensee: unrelated,
    });
    expect([refused.status, refused.json.status, Object.keys(refused.json.data.errors)]).toEqual([400, 5, ['licensee']]);
    const invited = await api.call<Envelope>('POST', '/api/v1/License', token.designer, { ...application, licensee: inviting });
    expect(invited.json.status).toBe(0);
    expect((await designerCall('licensees', keys.designer, 'other')).status).toBe(3);
    expect((await designerCall('licensees', keys.designer, 'user')).status).toBe(3);
    expect((await designerCall('licensees', 'nosuchdesigner', 'designer')).status).toBe(2);
  });
});

describe("another designer cannot touch designer A's records through the entity API", () => {
  const cases = [
    ['IP', () => keys.draftIp, { description: 'Hijacked' }],
    ['Usage', () => keys.permit, { purpose: 'Hijacked' }],
    ['License', () => keys.license, { notes: 'Hijacked' }],
  ] as const;

  for (const [entity, key, change] of cases) {
    it(`${entity}: not found on read, refused on PATCH and DELETE`, async () => {
      const read = await api.call<Envelope>('GET', `/api/v1/${entity}/${key()}`, token.other);
      expect(read.json.status).toBe(2);
      const query = await api.call<Envelope<{ items: Rec[] }>>('POST', `/api/v1/${entity}/query`, token.other, {
        filter: { key: key() },
      });
      expect(query.json.data.items).toHaveLength(0);
      const patch = await api.call<Envelope>('PATCH', `/api/v1/${entity}/${key()}`, token.other, change);
      expect([2, 3]).toContain(patch.json.status);
      const remove = await api.call<Envelope>('DELETE', `/api/v1/${entity}/${key()}`, token.other);
      expect([2, 3]).toContain(remove.json.status);
      // Still there, unchanged, for its owner.
      const mine = await api.call<Envelope>('GET', `/api/v1/${entity}/${key()}`, token.designer);
      expect(mine.json.status).toBe(0);
      expect(Object.entries(change).every(([field, value]) => mine.json.data[field] !== value)).toBe(true);
    });
  }

  it("cannot decide designer A's product review; A can", async () => {
    const refused = await api.call<Envelope>('PATCH', `/api/v1/Review/${keys.productReview}/approved`, token.other, {});
    expect(refused.json.status).toBe(2);
    const plain = await api.call<Envelope>('PATCH', `/api/v1/Review/${keys.productReview}/rejected`, token.user, {});
    expect(plain.json.status).toBe(2);
    const decided = await ok<{ subject: Rec }>('PATCH', `/api/v1/Review/${keys.productReview}/approved`, 'designer', {
      comment: 'Looks great',
    });
    expect(decided.subject.state).toBe('holder_review');
    const answer = await designerCall<Rec[]>('products', keys.designer, 'designer');
    expect(answer.data.find((p) => p.key === keys.product)).toMatchObject({ state: 'holder_review', designerReview: null });
  });
});
