import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb, getDbHandle } from '@/lib/server/db/client';
import { findDefaultHolder } from '@/lib/server/holder/default-holder';
import { changeHolderList } from '@/lib/server/holder/change-holder-list';
import { holders, invoices, ips, licensees, licenses, liquidApplications, products } from '@/lib/server/db/entities-schema';
import { aclRequests, notifications } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/config';
import { invitations } from '@/lib/server/db/platform-schema';
import type { HomeData, HomeSection } from '@/lib/server/home/types';
import { newKey } from '@/lib/server/keys';
import * as homeRoute from '@/pages/api/home';
import { getHome } from '@/lib/server/home/get-home';
import { viewerOf } from '@/lib/server/entities/viewer';
import { nameQueueItems, queueAnswer, reviewQueue } from '@/lib/server/flow/review-queue';
import { accessOf } from '@/lib/server/users/accounts';
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
  staff: 'licensee-staff@example.com',
  cfl: 'cfl@example.com',
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
        // The permit itself, on the permits tab of the approval page.
        href: `/holder/approve/ip?tab=usages&open=${String(permit.json.data.reference)}`,
      }),
    );
    expect(section(await homeOf('legal'), 'reviews')?.count).toBe(0);
    // The designer who asked waits on brand, not on themselves.
    expect(section(await homeOf('designer'), 'reviews')?.count).toBe(0);
    // The approver sees when the decision is due.
    const item = reviews.items.find((i) => i.kind === 'usage')!;
    expect(Number.isNaN(Date.parse(item.deadline ?? ''))).toBe(false);

    // Granted, the permit waits for the designer to make its secondary IP; made, it no longer does.
    const permitKey = String(permit.json.data.key);
    const decided = await api.call<Envelope>('POST', `/api/v1/Holder/approve/usages/${permitKey}`, token.brand, {
      decision: 'approved',
    });
    expect(decided.json.status, decided.text).toBe(0);
    const granted = section(await homeOf('designer'), 'permits')!;
    expect(granted.items).toContainEqual(
      expect.objectContaining({
        label: expect.stringContaining(String(permit.json.data.reference)),
        href: '/designer/iplist',
        state: 'step_create_ip',
      }),
    );
    const db = await getDb();
    await db.insert(ips).values({
      key: newKey(),
      reference: fixtureReference('IP'),
      name: 'Made from the permit',
      kind: 'secondary',
      parent: primaryKey,
      designer: designerKey,
      owner: sub.designer,
    });
    const after = section(await homeOf('designer'), 'permits')!;
    expect(after.items.map((i) => i.label).join()).not.toContain(String(permit.json.data.reference));
    expect(after.count).toBe(granted.count - 1);
    expect(section(await homeOf('licensee'), 'permits')).toBeUndefined();
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
      // The IP's own panel, opened by its number.
      href: expect.stringMatching(/^\/designer\/iplist\?open=IP-FX-\S+$/),
      state: 'changes_requested',
    });
    const licensee = section(await homeOf('licensee'), 'changes')!;
    expect(licensee.count).toBe(1);
    expect(licensee.items[0]).toMatchObject({
      label: expect.stringMatching(/^PRD-FX-\S+ Sent back product \(SKU-1\) \/ /),
      href: expect.stringMatching(/^\/licensee\/product\?open=PRD-FX-\S+$/),
    });
    expect(section(await homeOf('studio'), 'changes')?.count).toBe(0);
    expect(section(await homeOf('licensee'), 'reports')?.count).toBe(0);
  });

  it("lists a licensee's contract to sign, license sent back and draft invoice, the holder's contract to countersign and CFL's invoice to mark paid, oldest first, each where it is acted on", async () => {
    const db = await getDb();
    const [org] = await db.select({ key: licensees.key }).from(licensees).where(eq(licensees.owner, sub.licensee));
    const [ip] = await db.select({ key: ips.key }).from(ips).limit(1);
    const license = (state: string, minutesAgo: number) => ({
      key: newKey(),
      reference: fixtureReference('LIC'),
      ip: ip!.key,
      licensee: org!.key,
      applicant: sub.licensee,
      term_start: new Date('2027-01-01T00:00:00Z'),
      term_end: new Date('2027-12-31T00:00:00Z'),
      royalty_rate_bp: 500,
      state,
      dateUpdated: new Date(Date.now() - minutesAgo * 60_000),
    });
    const newer = license('contract_sent', 5);
    const older = license('contract_sent', 50);
    const signed = license('signed', 10);
    const sentBack = license('changes_requested', 20);
    await db.insert(licenses).values([newer, older, signed, sentBack]);
    const invoice = (state: string) => ({
      key: newKey(),
      reference: fixtureReference('INV'),
      licensee: org!.key,
      period_start: new Date('2026-01-01T00:00:00Z'),
      period_end: new Date('2026-03-31T00:00:00Z'),
      amount: 12_000,
      state,
    });
    const draft = invoice('draft');
    const approved = invoice('approved');
    await db.insert(invoices).values([draft, approved]);

    for (const who of ['licensee', 'staff'] as const) {
      const data = await homeOf(who);
      const contracts = section(data, 'contracts')!;
      expect(contracts.count, who).toBe(2);
      // Oldest first, named by reference, each opening the license where it is signed.
      expect(contracts.items.map((i) => i.href)).toEqual([
        `/licensee/list?open=${older.reference}`,
        `/licensee/list?open=${newer.reference}`,
      ]);
      expect(contracts.items[0]).toMatchObject({ label: expect.stringContaining(older.reference), state: 'step_sign' });
      const changes = section(data, 'changes')!;
      expect(changes.items).toContainEqual(
        expect.objectContaining({
          href: `/licensee/list?open=${sentBack.reference}`,
          kind: 'license',
          state: 'changes_requested',
        }),
      );
      const bills = section(data, 'invoices')!;
      expect(bills).toMatchObject({ count: 1, href: '/licensee/invoice' });
      expect(bills.items[0]).toMatchObject({ label: expect.stringContaining(draft.reference), state: 'step_submit' });
    }
    // The holder's staff countersign; CFL marks the approved invoice paid; holder@ is not asked to.
    const holder = await homeOf('holder');
    const countersign = section(holder, 'contracts')!.items.find((i) => i.label.includes(signed.reference));
    expect(countersign).toMatchObject({ state: 'step_countersign', href: '/holder/approve/license' });
    expect(section(holder, 'invoices')).toBeUndefined();
    const cfl = section(await homeOf('cfl'), 'invoices')!;
    expect(cfl.items.map((i) => i.label)).toContainEqual(expect.stringContaining(approved.reference));
    expect(cfl.items.every((i) => i.state === 'step_mark_paid')).toBe(true);
    // A designer and an outsider are asked for none of it.
    for (const who of ['designer', 'user'] as const) {
      const data = await homeOf(who);
      expect(section(data, 'contracts'), who).toBeUndefined();
      expect(section(data, 'invoices'), who).toBeUndefined();
    }
  });

  it('lists access requests to administrators only, as who asks for which role', async () => {
    const db = await getDb();
    const [org] = await db
      .select({ key: licensees.key, name: licensees.name })
      .from(licensees)
      .where(eq(licensees.owner, sub.licensee));
    await db
      .insert(aclRequests)
      .values({ key: newKey(), sub: sub.user, entry: `${getConfig().aclClient}:staff:licensee:${org!.key}` });
    const admin = section(await homeOf('admin'), 'accessRequests')!;
    expect(admin.count).toBeGreaterThan(0);
    const item = admin.items.find((i) => i.label.includes(org!.name))!;
    expect(item.href).toBe('/sys/acl');
    expect(item.label).not.toContain(org!.key);
    expect(item.label).not.toContain(sub.user);
    expect(section(await homeOf('holder'), 'accessRequests')).toBeUndefined();
  });

  it('lists designer applications waiting for a step to holder product staff and administrators, oldest first', async () => {
    const db = await getDb();
    const before = section(await homeOf('admin'), 'designerApplications')?.count ?? 0;
    const key = newKey();
    await db.insert(liquidApplications).values({
      key,
      applicant: sub.user,
      profile: { creator_name: 'Home Applicant' },
      dateCreated: new Date('2020-01-01T00:00:00Z'),
    });
    try {
      const admin = section(await homeOf('admin'), 'designerApplications')!;
      expect(admin.count).toBe(before + 1);
      expect(admin.href).toBe('/holder/applications');
      // The oldest first: this one, dated years back.
      expect(admin.items[0]).toMatchObject({ href: '/holder/applications', kind: 'liquid', state: 'applied' });
      expect(admin.items[0]!.label).not.toContain(key);
      // Holder staff hold the product role (holder/applications is theirs); nobody outside the holder sees them.
      expect(section(await homeOf('brand'), 'designerApplications')?.count).toBe(before + 1);
      for (const who of ['designer', 'licensee', 'staff', 'user'] as const)
        expect(section(await homeOf(who), 'designerApplications'), who).toBeUndefined();
      // Decided, it no longer waits.
      await db.update(liquidApplications).set({ state: 'rejected' }).where(eq(liquidApplications.key, key));
      expect(section(await homeOf('admin'), 'designerApplications')?.count ?? 0).toBe(before);
    } finally {
      await db.delete(liquidApplications).where(eq(liquidApplications.key, key));
    }
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
    expect(section(await homeOf('studio'), 'notifications')?.count).toBe(0);
  });
});

describe('the home and the approval queue as one statement each', () => {
  /** The statements a read sends to the database, counted at the driver (PGlite or pg's pool). */
  async function statementsOf(read: () => Promise<unknown>): Promise<number> {
    const db = await getDb();
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      await read();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  /**
   * What the holder's row costs once it is in the answer cache: on PGlite nothing (this process sees
   * every write), on PostgreSQL one small read of the tables' write counts.
   */
  async function holderCost(): Promise<number> {
    await findDefaultHolder(await getDb());
    return (await getDbHandle()).kind === 'pglite' ? 0 : 1;
  }

  it.each(Object.keys(people) as Persona[])("%s's home is one statement and the holder's cached row", async (as) => {
    const db = await getDb();
    const caller = { sub: sub[as], access: await accessOf(db, sub[as]), via: 'session' as const, lang: 'jp' as const };
    const cost = await holderCost();
    expect(await statementsOf(() => getHome(db, caller))).toBe(1 + cost);
  });

  it("serves the holder's row from the answer cache only while it is unchanged", async () => {
    const db = await getDb();
    const before = await findDefaultHolder(db);
    expect(before).toEqual((await db.select().from(holders).where(eq(holders.is_default, true)))[0]);
    const admin = { sub: sub.admin, access: await accessOf(db, sub.admin), via: 'session' as const, lang: 'jp' as const };
    const change = { type: 'approver_cfl', sub: sub.user } as const;
    expect((await changeHolderList(db, admin, { ...change, op: 'add' })).changed).toBe(true);
    try {
      // Written since it was cached: the next read is the row as it is now.
      const after = await findDefaultHolder(db);
      expect(after?.approver.cfl).toContainEqual({ sub: sub.user });
      expect(after?.version).toBe(before!.version + 1);
      expect(after).toEqual((await db.select().from(holders).where(eq(holders.is_default, true)))[0]);
    } finally {
      await changeHolderList(db, admin, { ...change, op: 'remove' });
    }
    expect((await findDefaultHolder(db))?.approver.cfl).not.toContainEqual({ sub: sub.user });
  });

  it("a reviewer's approval queue, named for the reader, is one statement and the holder's cached row", async () => {
    const db = await getDb();
    const caller = { sub: sub.brand, access: await accessOf(db, sub.brand), via: 'session' as const, lang: 'jp' as const };
    const viewer = await viewerOf(db, caller);
    // A permit waiting for brand, so that there is something to name.
    const primary = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, {
      name: 'Queue statement primary',
      kind: 'primary',
    });
    await api.call('POST', `/api/v1/IP/${String(primary.json.data.key)}/publish`, token.holder);
    const permit = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, {
      ip: String(primary.json.data.key),
      designer: await designerKeyOf(people.designer),
      purpose: 'Queue statement permit',
    });
    expect(permit.json.status, permit.text).toBe(0);
    let named: unknown[] = [];
    expect(
      await statementsOf(async () => {
        named = nameQueueItems(await reviewQueue(db, viewer, ['usage', 'ip', 'license', 'product']), 'jp');
      }),
    ).toBe(1 + (await holderCost()));
    // As the approval route answers it: the subjects' whole rows as the database wrote them, still one statement.
    let answer: { subject: Record<string, unknown>; name: unknown }[] = [];
    expect(
      await statementsOf(async () => {
        answer = JSON.parse((await queueAnswer(db, viewer, ['usage', 'ip', 'license', 'product'], 'jp')).text) as typeof answer;
      }),
    ).toBe(1 + (await holderCost()));
    const mine = answer.find((item) => item.subject.purpose === 'Queue statement permit');
    expect(mine?.subject).toEqual(expect.objectContaining({ key: permit.json.data.key, state: 'requested' }));
    expect(answer.map((item) => item.name)).toEqual(named.map((item) => (item as { name: unknown }).name));
    // Named as reading the names by key would name it.
    expect(named).toContainEqual(
      expect.objectContaining({
        name: expect.objectContaining({ label: expect.stringMatching(/^USE-\d{4}-\d{4} Queue statement primary \/ Sho$/) }),
      }),
    );
  });
});
