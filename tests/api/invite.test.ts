/**
 * Invitations (§6, §7 /invite/*): who may invite whom, the single-use e-mailed link, acceptance in
 * one transaction (organisation or membership, access entries, admin log), and the refusals of a
 * used, expired or withdrawn link or of another person's address.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { holders, licensees } from '@/lib/server/db/entities-schema';
import { personName } from '@/lib/server/invite/view';
import { peopleOf } from '@/lib/server/users/people';
import { emailOutbox, invitations } from '@/lib/server/db/platform-schema';
import { adminLog, userAccess, users } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import * as inviteIndex from '@/pages/api/invite/index';
import * as inviteList from '@/pages/api/invite/list';
import * as inviteAccept from '@/pages/api/invite/accept';
import * as invitePreview from '@/pages/api/invite/preview';
import * as inviteOne from '@/pages/api/invite/[x]';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}
interface Refusal {
  errors: Record<string, string>;
  reason?: string;
  message?: string;
}
interface Invitation {
  key: string;
  reference: string;
  kind: string;
  email: string;
  entity: string | null;
  organisation: string;
  state: string;
  expiresAt: string;
  inviter: string;
}

const PEOPLE = {
  admin: 'admin@example.com',
  holder: 'holder@example.com',
  designer: 'designer@example.com',
  owner: 'licensee@example.com',
  staff: 'licensee-staff@example.com',
  user: 'user@example.com',
};
type Who = keyof typeof PEOPLE;

const servers = {} as Record<'one' | 'list' | 'accept' | 'mine' | 'preview', RouteServer>;
const token = {} as Record<Who, string>;
const sub = {} as Record<Who, string>;
let orgA = '';
let orgB = '';
let n = 0;

function auth(bearer: string, lang = 'en') {
  return { authorization: `Bearer ${bearer}`, 'x-lang': lang };
}

async function invite<T = Invitation>(who: Who | string, kind: string, body: unknown, lang = 'en') {
  const bearer = who in token ? token[who as Who] : who;
  return servers.one.request<Envelope<T>>('POST', `/api/invite/${kind}`, { headers: auth(bearer, lang), body });
}

async function accept<T = Invitation>(bearer: string, tokenValue: string, lang = 'en') {
  return servers.accept.request<Envelope<T>>('POST', '/api/invite/accept', {
    headers: auth(bearer, lang),
    body: { token: tokenValue },
  });
}

/** A new account with only calbee:user, and a bearer token for it. */
async function newPerson(email?: string): Promise<{ sub: string; email: string; token: string }> {
  n += 1;
  const address = email ?? `invitee-${n}-${newKey(6)}@example.com`;
  const person = newKey();
  const db = await getDb();
  await db.insert(users).values({ sub: person, email: address, nickname: `invitee${n}` });
  await db.insert(userAccess).values({ sub: person, entry: 'calbee:user', grantedBy: 'test' });
  return { sub: person, email: address, token: await issueAccessToken(person) };
}

/** The token of the last invitation e-mail queued for an address, read from the outbox as a mail client would. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await (
    await getDb()
  )
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.dateCreated))
    .limit(1);
  const match = /\/invite\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  expect(match, `no invitation link in the mail to ${email}`).not.toBeNull();
  return match![1]!;
}

async function entriesOf(person: string): Promise<string[]> {
  const rows = await (await getDb()).select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, person));
  return rows.map((r) => r.entry).sort();
}

beforeAll(async () => {
  await ensureReady();
  servers.one = await serveRoute(inviteOne, '/api/invite/[x]');
  servers.list = await serveRoute(inviteList, '/api/invite/list');
  servers.accept = await serveRoute(inviteAccept, '/api/invite/accept');
  servers.mine = await serveRoute(inviteIndex, '/api/invite');
  servers.preview = await serveRoute(invitePreview, '/api/invite/preview');
  for (const [who, email] of Object.entries(PEOPLE) as [Who, string][]) {
    sub[who] = await subOf(email);
    token[who] = await issueAccessToken(sub[who]);
  }
  const db = await getDb();
  const [org] = await db.select({ key: licensees.key }).from(licensees).where(eq(licensees.owner, sub.owner));
  orgA = org!.key;
  orgB = newKey();
  await db.insert(licensees).values({ key: orgB, name: 'Other Crisps Ltd.' });
});

afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

describe('creating invitations', () => {
  it('lets the product role invite a licensee owner and queues the e-mail with a single-use link', async () => {
    const email = `owner-${newKey(8)}@example.com`;
    const res = await invite('holder', 'licensee-owner', { email, name: 'Crunch Foods Inc.', lang: 'en', tel: '03-0000-0000' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      kind: 'licensee-owner',
      email,
      entity: null,
      organisation: 'Crunch Foods Inc.',
      state: 'pending',
    });
    expect(JSON.stringify(res.json.data)).not.toMatch(/token/i);
    const expires = Date.parse(res.json.data.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(167 * 3600_000);
    expect(expires).toBeLessThanOrEqual(168 * 3600_000);
    const [mail] = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail).toMatchObject({ template: 'invite.licensee-owner', lang: 'en' });
    expect(mail!.subject).toContain('Crunch Foods Inc.');
    expect(mail!.text).toMatch(/http:\/\/[^/]+\/en\/invite\/accept\?token=[A-Za-z0-9_-]{43}/);
    // Only the hash is stored.
    const tokenValue = await mailedToken(email);
    const [row] = await (await getDb()).select().from(invitations).where(eq(invitations.key, res.json.data.key));
    expect(row!.tokenHash).not.toContain(tokenValue);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes the Japanese mail for a jp invitation and escapes the organisation name in HTML', async () => {
    const email = `owner-${newKey(8)}@example.com`;
    const res = await invite('admin', 'licensee-owner', { email, name: '<b>ポテト</b> & Co', lang: 'jp' });
    expect(res.json.status).toBe(0);
    const [mail] = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail!.subject).toContain('ご招待');
    expect(mail!.text).toContain('/jp/invite/accept?token=');
    expect(mail!.html).toContain('&lt;b&gt;ポテト&lt;/b&gt; &amp; Co');
    expect(mail!.html).not.toContain('<b>ポテト');
  });

  it('refuses a licensee-owner invitation from a designer, a licensee owner and a plain user (403)', async () => {
    for (const who of ['designer', 'owner', 'user'] as const) {
      const res = await invite(who, 'licensee-owner', { email: 'x@example.com', name: 'Nope Ltd.' });
      expect(res.status, who).toBe(403);
      expect(res.json.status).toBe(3);
    }
  });

  it('answers a message under each field for bad input', async () => {
    const res = await invite<Refusal>('holder', 'licensee-owner', { email: 'not-an-address', name: '  ' });
    expect(res.status).toBe(400);
    expect(res.json.status).toBe(5);
    expect(Object.keys(res.json.data.errors).sort()).toEqual(['email', 'name']);
    const missing = await invite<Refusal>('holder', 'licensee-owner', { lang: 'fr' });
    expect(missing.json.status).toBe(5);
    expect(Object.keys(missing.json.data.errors).sort()).toEqual(['email', 'lang', 'name']);
    const member = await invite<Refusal>('owner', 'licensee-staff', { email: 'a@example.com', licensee: 'bad key!' });
    expect(member.json.status).toBe(5);
    expect(Object.keys(member.json.data.errors)).toEqual(['licensee']);
    const unknownKind = await invite('holder', 'licensee-boss', { email: 'a@example.com' });
    expect(unknownKind.status).toBe(404);
  });

  it("lets a licensee owner invite staff and designers into the own organisation, not into another's", async () => {
    const staff = await invite('owner', 'licensee-staff', { email: `staff-${newKey(6)}@example.com`, licensee: orgA });
    expect(staff.json.status, JSON.stringify(staff.json)).toBe(0);
    expect(staff.json.data).toMatchObject({
      kind: 'licensee-staff',
      entity: orgA,
      organisation: 'Demo Snacks Manufacturing Co.',
    });
    const designer = await invite('owner', 'licensee-designer', { email: `designer-${newKey(6)}@example.com`, licensee: orgA });
    expect(designer.json.status).toBe(0);
    // Another organisation does not exist for them (house rule: not found rather than forbidden).
    const other = await invite('owner', 'licensee-staff', { email: `x-${newKey(6)}@example.com`, licensee: orgB });
    expect(other.status).toBe(404);
    // A plain member of the organisation may not invite.
    const byStaff = await invite('staff', 'licensee-staff', { email: `y-${newKey(6)}@example.com`, licensee: orgA });
    expect(byStaff.status).toBe(403);
    // The platform may invite into any organisation.
    const byHolder = await invite('holder', 'licensee-staff', { email: `z-${newKey(6)}@example.com`, licensee: orgB });
    expect(byHolder.json.status).toBe(0);
  });

  it('refuses a second pending invitation to the same address and an existing member', async () => {
    const email = `dup-${newKey(6)}@example.com`;
    expect((await invite('owner', 'licensee-staff', { email, licensee: orgA })).json.status).toBe(0);
    const again = await invite<Refusal>('owner', 'licensee-staff', { email: email.toUpperCase(), licensee: orgA });
    expect(again.status).toBe(409);
    expect(again.json.data.errors.email).toMatch(/already pending/);
    const member = await invite<Refusal>('owner', 'licensee-staff', { email: PEOPLE.staff, licensee: orgA });
    expect(member.status).toBe(409);
    expect(member.json.data.errors.email).toMatch(/already a member/);
  });
});

describe('accepting', () => {
  it('creates the organisation, the owner entries and the admin log in one go (licensee-owner)', async () => {
    const person = await newPerson();
    const created = await invite('holder', 'licensee-owner', {
      email: person.email.toUpperCase(),
      name: 'Happy Chips KK',
      website: 'https://chips.example',
    });
    const tokenValue = await mailedToken(person.email.toUpperCase());
    const peek = await servers.accept.request<Envelope<Rec>>('GET', `/api/invite/accept?token=${tokenValue}`, {
      headers: auth(person.token),
    });
    expect(peek.json.data).toMatchObject({
      kind: 'licensee-owner',
      organisation: 'Happy Chips KK',
      state: 'pending',
      emailMatches: true,
    });
    const mine = await servers.mine.request<Envelope<Invitation[]>>('GET', '/api/invite', { headers: auth(person.token) });
    expect(mine.json.data.map((i) => i.key)).toEqual([created.json.data.key]);

    const res = await accept(person.token, tokenValue);
    expect(res.json.status, JSON.stringify(res.json)).toBe(0);
    expect(res.json.data.state).toBe('accepted');
    const entity = res.json.data.entity!;
    const db = await getDb();
    const [org] = await db.select().from(licensees).where(eq(licensees.key, entity));
    expect(org).toMatchObject({ name: 'Happy Chips KK', owner: person.sub, website: 'https://chips.example' });
    expect(await entriesOf(person.sub)).toEqual(['calbee:licensee', `calbee:owner:licensee:${entity}`, 'calbee:user'].sort());
    const [log] = await db
      .select()
      .from(adminLog)
      .where(and(eq(adminLog.action, 'invite.accept'), eq(adminLog.ref, entity)));
    expect(log!.sub).toBe(person.sub);
    expect(log!.data).toMatchObject({
      invitation: created.json.data.key,
      kind: 'licensee-owner',
      invitedBy: sub.holder,
      before: ['calbee:user'],
    });
    // Nothing left pending for them.
    const after = await servers.mine.request<Envelope<Invitation[]>>('GET', '/api/invite', { headers: auth(person.token) });
    expect(after.json.data).toEqual([]);
  });

  it('adds an invited staff member with the same entry as adding a member by e-mail', async () => {
    const person = await newPerson();
    expect((await invite('owner', 'licensee-staff', { email: person.email, licensee: orgA })).json.status).toBe(0);
    const res = await accept(person.token, await mailedToken(person.email));
    expect(res.json.status).toBe(0);
    expect(await entriesOf(person.sub)).toEqual([`calbee:staff:licensee:${orgA}`, 'calbee:user'].sort());
    const [log] = await (
      await getDb()
    )
      .select()
      .from(adminLog)
      .where(and(eq(adminLog.action, 'invite.accept'), sql`${adminLog.data}->>'sub' = ${person.sub}`));
    expect(log!.data).toMatchObject({
      kind: 'licensee-staff',
      licensee: orgA,
      after: [`calbee:staff:licensee:${orgA}`, 'calbee:user'].sort(),
    });
  });

  it('says a used link was already used, and changes nothing the second time', async () => {
    const person = await newPerson();
    await invite('owner', 'licensee-designer', { email: person.email, licensee: orgA });
    const tokenValue = await mailedToken(person.email);
    expect((await accept(person.token, tokenValue)).json.status).toBe(0);
    const logs = async () =>
      (
        await (
          await getDb()
        )
          .select()
          .from(adminLog)
          .where(sql`${adminLog.data}->>'sub' = ${person.sub}`)
      ).length;
    const before = await logs();
    const twice = await accept<Refusal>(person.token, tokenValue);
    expect(twice.status).toBe(409);
    expect(twice.json.status).toBe(5);
    expect(twice.json.data).toMatchObject({ reason: 'accepted', message: 'This invitation has already been used.' });
    const jp = await accept<Refusal>(person.token, tokenValue, 'jp');
    expect(jp.json.data.errors.token).toBe('この招待はすでに使用されています。');
    expect(await logs()).toBe(before);
    expect(await entriesOf(person.sub)).toEqual([`calbee:designer:licensee:${orgA}`, 'calbee:user'].sort());
  });

  it('refuses an expired link', async () => {
    const person = await newPerson();
    const created = await invite('owner', 'licensee-staff', { email: person.email, licensee: orgA });
    await (
      await getDb()
    )
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.key, created.json.data.key));
    const res = await accept<Refusal>(person.token, await mailedToken(person.email));
    expect(res.status).toBe(409);
    expect(res.json.data).toMatchObject({ reason: 'expired', message: 'This invitation has expired.' });
    expect(await entriesOf(person.sub)).toEqual(['calbee:user']);
    const listed = await servers.list.request<Envelope<Invitation[]>>('GET', `/api/invite/list?state=expired&entity=${orgA}`, {
      headers: auth(token.owner),
    });
    expect(listed.json.data.map((i) => i.key)).toContain(created.json.data.key);
    // Resending gives a new link that works; the old one names nothing any more.
    const old = await mailedToken(person.email);
    const resent = await servers.one.request<Envelope<Invitation>>('PATCH', `/api/invite/${created.json.data.key}`, {
      headers: auth(token.owner),
      body: {},
    });
    expect(resent.json.data.state).toBe('pending');
    const fresh = await mailedToken(person.email);
    expect(fresh).not.toBe(old);
    expect((await accept<Refusal>(person.token, old)).json.data.reason).toBe('unknown');
    expect((await accept(person.token, fresh)).json.status).toBe(0);
  });

  it('refuses a withdrawn link', async () => {
    const person = await newPerson();
    const created = await invite('holder', 'licensee-owner', { email: person.email, name: 'Withdrawn Ltd.' });
    const revoked = await servers.one.request<Envelope<Invitation>>('DELETE', `/api/invite/${created.json.data.key}`, {
      headers: auth(token.holder),
    });
    expect(revoked.json.data.state).toBe('revoked');
    const res = await accept<Refusal>(person.token, await mailedToken(person.email));
    expect(res.status).toBe(409);
    expect(res.json.data).toMatchObject({ reason: 'revoked', message: 'This invitation was withdrawn.' });
    const resend = await servers.one.request<Envelope<Refusal>>('PATCH', `/api/invite/${created.json.data.key}`, {
      headers: auth(token.holder),
      body: {},
    });
    expect(resend.status).toBe(409);
    expect(await entriesOf(person.sub)).toEqual(['calbee:user']);
  });

  it("refuses someone else's address, and an unknown token", async () => {
    const invitee = await newPerson();
    const other = await newPerson();
    await invite('owner', 'licensee-staff', { email: invitee.email, licensee: orgA });
    const tokenValue = await mailedToken(invitee.email);
    const peek = await servers.accept.request<Envelope<Rec>>('GET', `/api/invite/accept?token=${tokenValue}`, {
      headers: auth(other.token),
    });
    expect(peek.json.data.emailMatches).toBe(false);
    const res = await accept<Refusal>(other.token, tokenValue);
    expect(res.status).toBe(400);
    expect(res.json.data.errors.email).toMatch(/another e-mail address/);
    expect(await entriesOf(other.sub)).toEqual(['calbee:user']);
    // Still usable by the right person.
    expect((await accept(invitee.token, tokenValue)).json.status).toBe(0);
    const unknown = await accept<Refusal>(other.token, 'A'.repeat(43));
    expect(unknown.json).toMatchObject({ status: 5, data: { reason: 'unknown' } });
    const peekUnknown = await servers.accept.request('GET', '/api/invite/accept?token=nope', { headers: auth(other.token) });
    expect(peekUnknown.status).toBe(404);
    const empty = await accept<Refusal>(other.token, '');
    expect(empty.json.data.errors.token).toBeTruthy();
  });
});

describe('the invitation page before sign-in', () => {
  it("says who invited whom to what and until when, in the reader's language, without a sign-in", async () => {
    const db = await getDb();
    const [holder] = await db.select({ name: holders.name }).from(holders).where(eq(holders.is_default, true));
    const [org] = await db.select({ name: licensees.name }).from(licensees).where(eq(licensees.key, orgA));
    const [owner] = await peopleOf(db, [sub.owner]);
    const [product] = await peopleOf(db, [sub.holder]);

    // A member invited by the organisation's owner: the owner speaks for the organisation.
    const staffEmail = `preview-${newKey(6)}@example.com`;
    const staff = await invite('owner', 'licensee-staff', { email: staffEmail, licensee: orgA });
    const staffToken = await mailedToken(staffEmail);
    const jp = await servers.preview.request<Envelope<Rec>>('GET', `/api/invite/preview?token=${staffToken}`);
    expect(jp.status).toBe(200);
    expect(jp.json.data).toMatchObject({
      reference: staff.json.data.reference,
      kind: 'licensee-staff',
      organisation: org!.name,
      role: 'staff',
      inviter: personName(owner!, 'jp'),
      inviterOrganisation: org!.name,
      email: staffEmail,
      state: 'pending',
      emailMatches: false,
    });
    expect(Date.parse(String(jp.json.data.expiresAt))).toBeGreaterThan(Date.now());
    expect(jp.json.data).not.toHaveProperty('tokenHash');

    // A new licensee invited by the holder's product staff speaks for the holder; names in English on request.
    const ownerEmail = `preview-owner-${newKey(6)}@example.com`;
    await invite('holder', 'licensee-owner', { email: ownerEmail, name: 'Preview Crisps KK' });
    const en = await servers.preview.request<Envelope<Rec>>('GET', `/api/invite/preview?token=${await mailedToken(ownerEmail)}`, {
      headers: { 'x-lang': 'en' },
    });
    expect(en.json.data).toMatchObject({
      organisation: 'Preview Crisps KK',
      role: 'owner',
      inviter: personName(product!, 'en'),
      inviterOrganisation: holder!.name,
    });

    // Withdrawn: still readable, so the page can say so and whom to ask.
    await servers.one.request('DELETE', `/api/invite/${staff.json.data.key}`, { headers: auth(token.owner) });
    const withdrawn = await servers.preview.request<Envelope<Rec>>('GET', `/api/invite/preview?token=${staffToken}`);
    expect(withdrawn.json.data.state).toBe('revoked');

    // A token that names nothing is not found, in the reader's language.
    const unknown = await servers.preview.request<Envelope<{ message: string }>>(
      'GET',
      '/api/invite/preview?token=' + 'B'.repeat(43),
      {
        headers: { 'x-lang': 'en' },
      },
    );
    expect(unknown.status).toBe(404);
    // No token at all is bad input (its documented query parameter is required), said under the field.
    const missing = await servers.preview.request<Envelope<{ errors: Record<string, string> }>>('GET', '/api/invite/preview', {
      headers: { 'x-lang': 'en' },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.status).toBe(5);
    expect(Object.keys(missing.json.data.errors)).toEqual(['token']);
    expect((await servers.preview.request('POST', '/api/invite/preview', { body: {} })).status).toBe(405);
  });
});

describe('reading and managing', () => {
  it('lists what the caller may manage, newest first, and hides invitations from others', async () => {
    const a = await invite('owner', 'licensee-staff', { email: `l1-${newKey(6)}@example.com`, licensee: orgA });
    const b = await invite('owner', 'licensee-designer', { email: `l2-${newKey(6)}@example.com`, licensee: orgA });
    const c = await invite('holder', 'licensee-staff', { email: `l3-${newKey(6)}@example.com`, licensee: orgB });
    const owner = await servers.list.request<Envelope<Invitation[]>>('GET', '/api/invite/list', { headers: auth(token.owner) });
    const keys = owner.json.data.map((i) => i.key);
    expect(keys.indexOf(b.json.data.key)).toBeLessThan(keys.indexOf(a.json.data.key));
    expect(keys).not.toContain(c.json.data.key);
    expect(owner.json.data.every((i) => i.entity === orgA)).toBe(true);
    const holder = await servers.list.request<Envelope<Invitation[]>>('GET', '/api/invite/list?state=pending', {
      headers: auth(token.holder),
    });
    expect(holder.json.data.map((i) => i.key)).toEqual(expect.arrayContaining([a.json.data.key, c.json.data.key]));
    expect(holder.json.data.every((i) => i.state === 'pending')).toBe(true);
    const bad = await servers.list.request<Envelope<Refusal>>('GET', '/api/invite/list?state=lost', {
      headers: auth(token.holder),
    });
    expect(bad.json.status).toBe(5);
    // One invitation: the sender and the platform read it; another organisation's member does not see it.
    expect(
      (await servers.one.request<Envelope<Invitation>>('GET', `/api/invite/${a.json.data.key}`, { headers: auth(token.owner) }))
        .json.data.email,
    ).toBe(a.json.data.email);
    expect((await servers.one.request('GET', `/api/invite/${a.json.data.key}`, { headers: auth(token.admin) })).status).toBe(200);
    expect((await servers.one.request('GET', `/api/invite/${a.json.data.key}`, { headers: auth(token.staff) })).status).toBe(404);
    expect((await servers.one.request('DELETE', `/api/invite/${c.json.data.key}`, { headers: auth(token.owner) })).status).toBe(
      404,
    );
    const user = await servers.list.request<Envelope<Invitation[]>>('GET', '/api/invite/list', { headers: auth(token.user) });
    expect(user.json.data).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await servers.list.request('GET', '/api/invite/list')).status).toBe(401);
    expect((await servers.accept.request('POST', '/api/invite/accept', { body: { token: 'x' } })).status).toBe(401);
  });
});
