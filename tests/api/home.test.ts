import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { ips, licensees, products } from '@/lib/server/db/entities-schema';
import { notifications } from '@/lib/server/db/schema';
import { invitations } from '@/lib/server/db/platform-schema';
import type { HomeData, HomeSection } from '@/lib/server/home/types';
import { newKey } from '@/lib/server/keys';
import * as homeRoute from '@/pages/api/home';
import { eq } from 'drizzle-orm';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { designerKeyOf, issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

interface Envelope<T = Record<string, unknown>> {
  status: number;
  data: T;
}

const people = {
  admin: 'admin@example.com',
  holder: 'holder@example.com',
  brand: 'brand@example.com',
  legal: 'legal@example.com',
  designer: 'designer@example.com',
  studio: 'studio@example.com',
  licensee: 'licensee@example.com',
  user: 'user@example.com',
};
type Persona = keyof typeof people;
const token = {} as Record<Persona, string>;
const sub = {} as Record<Persona, string>;
let api: FlowApi;
let home: RouteServer;

async function homeOf(as: Persona): Promise<HomeData> {
  const res = await home.request<Envelope<HomeData>>('GET', '/api/home', { headers: { authorization: `Bearer ${token[as]}` } });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

function section(data: HomeData, id: HomeSection['id']): HomeSection | undefined {
  return data.sections.find((s) => s.id === id);
}

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  home = await serveRoute(homeRoute, '/api/home');
  for (const [name, email] of Object.entries(people) as [Persona, string][]) {
    sub[name] = await subOf(email);
    token[name] = await issueAccessToken(sub[name]);
  }
});

afterAll(async () => {
  await api?.close();
  await home?.close();
});

describe('GET /api/home', () => {
  it('needs a signed-in caller', async () => {
    expect((await home.request('GET', '/api/home')).status).toBe(401);
    expect((await home.request('POST', '/api/home', { headers: { authorization: `Bearer ${token.user}` } })).status).toBe(405);
  });

  it('a designer with nothing waiting sees zero everywhere', async () => {
    const data = await homeOf('designer');
    expect(section(data, 'reviews')?.count).toBe(0);
    expect(section(data, 'changes')?.count).toBe(0);
    expect(section(data, 'invitations')?.count).toBe(0);
    expect(section(data, 'reports')).toBeUndefined();
    // A plain user has no review or change sections at all.
    const user = await homeOf('user');
    expect(user.sections.map((s) => s.id).sort()).toEqual(['invitations', 'notifications']);
  });

  it('brand sees a pending usage review once a designer asks for a permit; legal does not', async () => {
    const designerKey = await designerKeyOf(people.designer);
    const primary = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Home primary', kind: 'primary' });
    const primaryKey = String(primary.json.data.key);
    await api.call('POST', `/api/v1/IP/${primaryKey}/publish`, token.holder);
    const before = section(await homeOf('brand'), 'reviews')?.count ?? 0;
    const permit = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, {
      ip: primaryKey,
      designer: designerKey,
      purpose: 'Home page permit',
    });
    expect(permit.json.status, permit.text).toBe(0);
    const reviews = section(await homeOf('brand'), 'reviews')!;
    expect(reviews.count).toBe(before + 1);
    expect(reviews.items).toContainEqual(
      // Named by lib/server/naming: the permit's reference, its IP and the designer who asked.
      expect.objectContaining({
        label: expect.stringMatching(/^USE-\d{4}-\d{4} Home primary \/ Sho$/),
        kind: 'usage',
        href: '/holder/approve/ip?tab=usages',
      }),
    );
    expect(section(await homeOf('legal'), 'reviews')?.count).toBe(0);
    // The designer who asked waits on brand, not on themselves.
    expect(section(await homeOf('designer'), 'reviews')?.count).toBe(0);
  });

  it('changes requested on a designer IP and on a licensee product show for their owners only', async () => {
    const db = await getDb();
    const [org] = await db.select({ key: licensees.key }).from(licensees).where(eq(licensees.owner, sub.licensee));
    await db.insert(ips).values({
      key: newKey(),
      reference: fixtureReference('IP'),
      name: 'Sent back IP',
      kind: 'secondary',
      state: 'changes_requested',
      owner: sub.designer,
    });
    await db.insert(products).values({
      key: newKey(),
      reference: fixtureReference('PRD'),
      license: newKey(),
      licensee: org!.key,
      name: 'Sent back product',
      sku: 'SKU-1',
      state: 'changes_requested',
    });
    const designer = section(await homeOf('designer'), 'changes')!;
    expect(designer.count).toBe(1);
    expect(designer.items[0]).toMatchObject({
      label: expect.stringMatching(/^IP-FX-\S+ Sent back IP$/),
      href: '/designer/iplist',
      state: 'changes_requested',
    });
    const licensee = section(await homeOf('licensee'), 'changes')!;
    expect(licensee.count).toBe(1);
    expect(licensee.items[0]).toMatchObject({
      label: expect.stringMatching(/^PRD-FX-\S+ Sent back product \(SKU-1\) \/ /),
      href: '/licensee/product',
    });
    expect(section(await homeOf('studio'), 'changes')?.count).toBe(0);
    expect(section(await homeOf('licensee'), 'reports')?.count).toBe(0);
  });

  it('counts unread notifications and open invitations for the caller only', async () => {
    const db = await getDb();
    await db.insert(notifications).values([
      { key: newKey(), target: sub.user, subject: 'one', content: 'x' },
      { key: newKey(), target: sub.user, subject: 'two', content: 'y' },
    ]);
    await db.insert(invitations).values({
      key: newKey(),
      reference: fixtureReference('IVT'),
      kind: 'licensee-staff',
      email: 'USER@example.com',
      role: 'staff',
      tokenHash: newKey(),
      invitedBy: sub.admin,
      expiresAt: new Date(Date.now() + 86_400_000),
      data: { name: 'Snack Co.' },
    });
    await db.insert(invitations).values({
      key: newKey(),
      reference: fixtureReference('IVT'),
      kind: 'licensee-staff',
      email: 'user@example.com',
      role: 'staff',
      tokenHash: newKey(),
      invitedBy: sub.admin,
      expiresAt: new Date(Date.now() - 1000),
    });
    const data = await homeOf('user');
    expect(section(data, 'notifications')?.count).toBe(2);
    expect(section(data, 'invitations')).toMatchObject({
      count: 1,
      items: [{ label: expect.stringMatching(/^IVT-FX-\S+ Snack Co\. \/ USER@example\.com$/), href: '/invite' }],
    });
    expect(section(await homeOf('designer'), 'notifications')?.count).toBe(0);
  });
});
