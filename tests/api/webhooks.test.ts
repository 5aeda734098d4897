/**
 * Webhooks (issue #25): a license's state change reaches a local receiver signed per Standard
 * Webhooks (checked with the independent `standardwebhooks` package, and a tampered body fails);
 * a receiver that is down and then up gets each message once in effect (same webhook-id on every
 * attempt) and a record's messages in order; a private target is refused unless allowed. The admin
 * routes create (secret shown once), change, rotate, delete, list deliveries and replay, each in
 * the admin log, and refuse everyone but administrators.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { licensees } from '@/lib/server/db/entities-schema';
import { webhookDeliveries, webhookEndpoints } from '@/lib/server/db/platform-schema';
import { webhookDeliverJob } from '@/lib/server/jobs/kinds/webhook-deliver';
import { backoffOf, runDueJobs } from '@/lib/server/jobs/run-due';
import { newKey } from '@/lib/server/keys';
import { newWebhookSecret } from '@/lib/server/webhooks/signature';
import * as auditLogRoute from '@/pages/api/core/audit/log';
import * as hookList from '@/pages/api/sys/webhooks';
import * as hookOne from '@/pages/api/sys/webhooks/[key]';
import * as hookRotate from '@/pages/api/sys/webhooks/[key]/rotate';
import * as hookDeliveries from '@/pages/api/sys/webhooks/[key]/deliveries';
import * as hookReplay from '@/pages/api/sys/webhooks/[key]/deliveries/[id]/replay';
import { serveFlowApi, type FlowApi } from './flow-api';
import { jobsAfterRequests, matchRoute, serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}
const PEOPLE = {
  admin: 'admin@example.com',
  owner: 'licensee@example.com',
  holder: 'holder@example.com',
  legal: 'legal@example.com',
  cfl: 'cfl@example.com',
  boss: 'boss@example.com',
};
type Who = keyof typeof PEOPLE;
const token = {} as Record<Who, string>;
let api: FlowApi;
let ip = '';
let org = '';

/** What the receiver was sent, in arrival order, and how it answered. */
interface Received {
  headers: Record<string, string>;
  body: string;
  answered: number;
}
const received: Received[] = [];
let answer = 204;
let receiver: http.Server;
let hookUrl = '';

async function call<T = Rec>(method: string, path: string, who: Who, body?: unknown) {
  return api.call<Envelope<T>>(method, path, token[who], body);
}

async function newLicense(): Promise<string> {
  const res = await call('POST', '/api/v1/License', 'owner', {
    ip,
    licensee: org,
    territory: ['JP'],
    term_start: '2027-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: 900,
    currency: 'JPY',
  });
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  return String(res.json.data.key);
}

async function startReview(key: string): Promise<void> {
  const res = await call('POST', `/api/v1/License/${key}/start_review`, 'owner');
  expect(res.json.status, JSON.stringify(res.json)).toBe(0);
}

async function approveAll(key: string): Promise<void> {
  for (const who of ['legal', 'cfl', 'boss'] as const) {
    const res = await call('POST', `/api/v1/Holder/approve/licenses/${key}`, who, { decision: 'approved' });
    expect(res.json.status, JSON.stringify(res.json)).toBe(0);
  }
}

/** An endpoint written straight into the table (the admin routes have their own tests). */
async function endpoint(events: string[], url = hookUrl): Promise<{ key: string; secret: string }> {
  const db = await getDb();
  await db.update(webhookEndpoints).set({ enabled: false });
  const key = newKey();
  const secret = newWebhookSecret();
  await db.insert(webhookEndpoints).values({ key, url, events, secret, createdBy: 'test' });
  return { key, secret };
}

async function deliveriesOf(endpointKey: string) {
  const db = await getDb();
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpoint, endpointKey))
    .orderBy(webhookDeliveries.dateCreated);
}

let dbHandle: Awaited<ReturnType<typeof getDb>>;

/** Runs the webhook jobs due at `now` (a later `now` stands in for waiting out a backoff). */
function runAt(now: Date) {
  return runDueJobs(dbHandle, now, { kinds: [webhookDeliverJob] });
}

function setAllowPrivate(allow: boolean): void {
  process.env.WEBHOOK_ALLOW_PRIVATE = allow ? 'true' : '';
  resetConfigForTests();
}

beforeAll(async () => {
  await ensureReady();
  dbHandle = await getDb();
  // The tests drive the webhook jobs themselves, at the times they choose.
  jobsAfterRequests.enabled = false;
  setAllowPrivate(true);
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), answered: answer });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  api = await serveFlowApi();
  for (const [who, email] of Object.entries(PEOPLE) as [Who, string][]) token[who] = await issueAccessToken(await subOf(email));
  const [own] = await dbHandle
    .select()
    .from(licensees)
    .where(eq(licensees.owner, await subOf(PEOPLE.owner)));
  org = own!.key;
  const primary = await call('POST', '/api/v1/IP', 'holder', { name: 'Hooked Character', kind: 'primary' });
  ip = String(primary.json.data.key);
  expect((await call('POST', `/api/v1/IP/${ip}/publish`, 'holder')).json.status).toBe(0);
}, 120_000);

const ADMIN_ROUTES: [string, RouteModule][] = [
  ['/api/core/audit/log', auditLogRoute],
  ['/api/sys/webhooks', hookList],
  ['/api/sys/webhooks/[key]/deliveries/[id]/replay', hookReplay],
  ['/api/sys/webhooks/[key]/deliveries', hookDeliveries],
  ['/api/sys/webhooks/[key]/rotate', hookRotate],
  ['/api/sys/webhooks/[key]', hookOne],
];
const adminServers: [string, RouteServer][] = [];

/** A call to an admin route as one of PEOPLE (English answers). */
async function admin<T = Rec>(method: string, path: string, who: Who | null, body?: unknown) {
  const server = adminServers.find(([pattern]) => matchRoute(pattern, path.split('?')[0]!))?.[1];
  if (!server) throw new Error(`no server for ${path}`);
  const headers: Record<string, string> = { 'x-lang': 'en', ...(who ? { authorization: `Bearer ${token[who]}` } : {}) };
  const res = await server.request<Envelope<T>>(method, path, { headers, body });
  return { status: res.status, json: res.json };
}

afterAll(async () => {
  await Promise.all(adminServers.map(([, server]) => server.close()));
  jobsAfterRequests.enabled = true;
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetConfigForTests();
  await Promise.all([api?.close(), new Promise((resolve) => receiver?.close(resolve))]);
});

describe('signed messages', () => {
  it('tells a license state change, signed so that the standardwebhooks library verifies it', async () => {
    const { key: hook, secret } = await endpoint(['license.in_review']);
    received.length = 0;
    answer = 204;
    const license = await newLicense();
    // Nothing subscribed to license.applied: creating the license tells no one.
    expect(await deliveriesOf(hook)).toHaveLength(0);
    await startReview(license);
    const [queued] = await deliveriesOf(hook);
    expect(queued).toMatchObject({ state: 'queued', eventType: 'license.in_review', subject: license });
    expect(queued!.key).toMatch(/^msg_/);

    expect(await runAt(new Date())).toMatchObject({ done: 1 });
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.headers['webhook-id']).toBe(queued!.key);
    expect(message!.headers['content-type']).toBe('application/json');
    const verified = new Webhook(secret).verify(message!.body, message!.headers) as Rec;
    expect(verified).toMatchObject({
      type: 'license.in_review',
      data: { key: license, from: 'applied', to: 'in_review', reference: expect.stringMatching(/^LIC-/) },
    });
    const data = verified.data as Rec;
    expect(String(data.name)).toContain('Hooked Character');
    expect(Object.keys(data).sort()).toEqual(['from', 'key', 'name', 'reference', 'to']);
    expect(new Date(String(verified.timestamp)).getTime()).not.toBeNaN();

    // One changed byte, or another endpoint's secret, and verification fails.
    const tampered = message!.body.replace('in_review', 'in_revieW');
    expect(() => new Webhook(secret).verify(tampered, message!.headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(message!.body, message!.headers)).toThrow();

    const [delivered] = await deliveriesOf(hook);
    expect(delivered).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 204, lastError: null });
    expect(delivered!.deliveredAt).toBeInstanceOf(Date);
    // A delivered message is not sent again.
    expect(await runAt(new Date(Date.now() + 3_600_000))).toMatchObject({ done: 0, retrying: 0 });
    expect(received).toHaveLength(1);
  });
});

describe('retries and order', () => {
  it('retries a receiver that is down with the same message id, and delivers a record’s changes in order', async () => {
    const { key: hook, secret } = await endpoint(['license.in_review', 'license.approved']);
    received.length = 0;
    answer = 503;
    const license = await newLicense();
    await startReview(license);
    await approveAll(license);
    const queued = await deliveriesOf(hook);
    expect(queued.map((d) => d.eventType)).toEqual(['license.in_review', 'license.approved']);

    // Down: the first message fails and waits its backoff; the second waits behind it, unsent.
    const t0 = new Date();
    expect(await runAt(t0)).toMatchObject({ retrying: 1, done: 1 });
    expect(received.map((r) => r.headers['webhook-id'])).toEqual([queued[0]!.key]);
    const [first] = await deliveriesOf(hook);
    expect(first).toMatchObject({ state: 'queued', attempts: 1, lastStatus: 503 });
    expect(first!.lastError).toContain('503');

    // Up: the retry and then the waiting message go through, each once, in order.
    answer = 200;
    let now = new Date(t0.getTime() + backoffOf(webhookDeliverJob, 1));
    for (let round = 0; round < 10; round++) {
      const r = await runAt(now);
      if (r.done + r.retrying + r.dead === 0) break;
      now = new Date(now.getTime() + 5_000);
    }
    const ok = received.filter((r) => r.answered === 200);
    expect(ok.map((r) => r.headers['webhook-id'])).toEqual(queued.map((d) => d.key));
    expect(ok.map((r) => (JSON.parse(r.body) as Rec).type)).toEqual(['license.in_review', 'license.approved']);
    // The failed attempt and its retry were the same message (receivers deduplicate on webhook-id).
    expect(received.filter((r) => r.headers['webhook-id'] === queued[0]!.key).map((r) => r.answered)).toEqual([503, 200]);
    for (const r of ok) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();
    const after = await deliveriesOf(hook);
    expect(after.map((d) => [d.state, d.attempts, d.lastStatus])).toEqual([
      ['delivered', 2, 200],
      ['delivered', 1, 200],
    ]);
  });
});

describe('targets', () => {
  it('refuses a loopback target unless WEBHOOK_ALLOW_PRIVATE is set', async () => {
    setAllowPrivate(false);
    try {
      const { key: hook } = await endpoint(['license.in_review']);
      received.length = 0;
      answer = 204;
      const license = await newLicense();
      await startReview(license);
      expect(await runAt(new Date())).toMatchObject({ dead: 1, done: 0 });
      expect(received).toHaveLength(0);
      const [refused] = await deliveriesOf(hook);
      expect(refused).toMatchObject({ state: 'failed', attempts: 1, lastStatus: null });
      expect(refused!.lastError).toMatch(/private address/);
    } finally {
      setAllowPrivate(true);
    }
  });
});

describe('admin routes', () => {
  beforeAll(async () => {
    for (const [pattern, mod] of ADMIN_ROUTES) adminServers.push([pattern, await serveRoute(mod, pattern)]);
    await (await getDb()).update(webhookEndpoints).set({ enabled: false });
  });

  it('refuses everyone but administrators', async () => {
    for (const who of ['owner', 'holder', 'legal'] as const) {
      expect((await admin('GET', '/api/sys/webhooks', who)).status).toBe(403);
      expect((await admin('POST', '/api/sys/webhooks', who, { url: hookUrl, events: ['license.active'] })).status).toBe(403);
      expect((await admin('PATCH', '/api/sys/webhooks/nokey', who, { enabled: false })).status).toBe(403);
      expect((await admin('DELETE', '/api/sys/webhooks/nokey', who)).status).toBe(403);
      expect((await admin('POST', '/api/sys/webhooks/nokey/rotate', who)).status).toBe(403);
      expect((await admin('GET', '/api/sys/webhooks/nokey/deliveries', who)).status).toBe(403);
      expect((await admin('POST', '/api/sys/webhooks/nokey/deliveries/msg_x/replay', who)).status).toBe(403);
    }
    expect((await admin('GET', '/api/sys/webhooks', null)).status).toBe(401);
  });

  it('bad input: 400 naming the field, and nothing is created', async () => {
    const db = await getDb();
    const before = (await db.select().from(webhookEndpoints)).length;
    const bad = async (body: unknown, field: string, text?: RegExp) => {
      const res = await admin<{ errors: Record<string, string> }>('POST', '/api/sys/webhooks', 'admin', body);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.status).toBe(5);
      expect(typeof res.json.data.errors[field], JSON.stringify(res.json.data)).toBe('string');
      if (text) expect(res.json.data.errors[field]).toMatch(text);
    };
    await bad({ url: 'ftp://example.com/x', events: [] }, 'url', /http:\/\/ or https:\/\//);
    await bad({ url: 'https://user:pw@example.com/', events: [] }, 'url', /user name and password/);
    await bad({ url: '', events: [] }, 'url');
    await bad({ url: hookUrl, events: ['license.nonsense'] }, 'events.0');
    await bad({ url: hookUrl, events: [], secret: 'mine' }, 'secret');
    setAllowPrivate(false);
    try {
      await bad({ url: 'http://169.254.169.254/latest/meta-data', events: [] }, 'url', /internal network/);
      await bad({ url: 'http://[::1]:8080/', events: [] }, 'url', /internal network/);
    } finally {
      setAllowPrivate(true);
    }
    expect((await db.select().from(webhookEndpoints)).length).toBe(before);
    // In Japanese for a Japanese caller.
    const server = adminServers.find(([p]) => p === '/api/sys/webhooks')![1];
    const jp = await server.request<Envelope<{ errors: Record<string, string> }>>('POST', '/api/sys/webhooks', {
      headers: { 'x-lang': 'jp', authorization: `Bearer ${token.admin}` },
      body: { url: 'ftp://example.com/', events: [] },
    });
    expect(jp.json.data.errors.url).toMatch(/http:\/\/ または https:\/\//);
  });

  it('creates, changes, rotates, lists deliveries, replays and deletes, each in the admin log', async () => {
    received.length = 0;
    answer = 200;
    const created = await admin<{ endpoint: Rec; secret: string }>('POST', '/api/sys/webhooks', 'admin', {
      url: hookUrl,
      description: 'ERP',
      events: ['license.in_review', 'license.in_review'],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const { endpoint: made, secret } = created.json.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
    expect(made).toMatchObject({ url: hookUrl, description: 'ERP', events: ['license.in_review'], enabled: true });
    const key = String(made.key);
    // The secret is never shown again.
    const listed = await admin<Rec[]>('GET', '/api/sys/webhooks', 'admin');
    expect(listed.json.data.find((e) => e.key === key)).not.toHaveProperty('secret');
    expect(JSON.stringify(listed.json)).not.toContain(secret);

    const license = await newLicense();
    await startReview(license);
    await runAt(new Date());
    expect(received).toHaveLength(1);
    expect(() => new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).not.toThrow();

    // Rotated: the next message is signed with the new secret only.
    const rotated = await admin<{ secret: string }>('POST', `/api/sys/webhooks/${key}/rotate`, 'admin');
    expect(rotated.status).toBe(200);
    const fresh = rotated.json.data.secret;
    expect(fresh).not.toBe(secret);

    const page = await admin<{ items: Rec[]; total: number }>('GET', `/api/sys/webhooks/${key}/deliveries?limit=10`, 'admin');
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json.data.total).toBe(1);
    const [logged] = page.json.data.items;
    expect(logged).toMatchObject({ eventType: 'license.in_review', state: 'delivered', attempts: 1, lastStatus: 200 });

    // Replay: the same message id again, now under the new secret.
    const replayed = await admin<Rec>('POST', `/api/sys/webhooks/${key}/deliveries/${String(logged!.key)}/replay`, 'admin');
    expect(replayed.status, JSON.stringify(replayed.json)).toBe(200);
    expect(replayed.json.data).toMatchObject({ state: 'queued' });
    await runAt(new Date());
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(logged!.key);
    expect(() => new Webhook(fresh).verify(received[1]!.body, received[1]!.headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(received[1]!.body, received[1]!.headers)).toThrow();
    const after = await admin<{ items: Rec[] }>('GET', `/api/sys/webhooks/${key}/deliveries`, 'admin');
    expect(after.json.data.items[0]).toMatchObject({ state: 'delivered', attempts: 2 });
    expect((await admin('POST', `/api/sys/webhooks/${key}/deliveries/msg_nosuch/replay`, 'admin')).status).toBe(404);

    // Disabled: changes are not told, and a replay is refused until it is enabled again.
    const off = await admin<Rec>('PATCH', `/api/sys/webhooks/${key}`, 'admin', { enabled: false, description: 'ERP (paused)' });
    expect(off.json.data).toMatchObject({ enabled: false, description: 'ERP (paused)', events: ['license.in_review'] });
    await startReview(await newLicense());
    expect((await admin<{ total: number }>('GET', `/api/sys/webhooks/${key}/deliveries`, 'admin')).json.data.total).toBe(1);
    expect((await admin('POST', `/api/sys/webhooks/${key}/deliveries/${String(logged!.key)}/replay`, 'admin')).status).toBe(409);
    const badUrl = await admin<{ errors: Record<string, string> }>('PATCH', `/api/sys/webhooks/${key}`, 'admin', {
      url: 'mailto:x@y',
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.data.errors.url).toBeTruthy();

    // Deleted: gone from the list, its delivery log kept.
    expect((await admin('DELETE', `/api/sys/webhooks/${key}`, 'admin')).status).toBe(200);
    expect((await admin<Rec[]>('GET', '/api/sys/webhooks', 'admin')).json.data.some((e) => e.key === key)).toBe(false);
    expect(await deliveriesOf(key)).toHaveLength(1);
    expect((await admin('PATCH', `/api/sys/webhooks/${key}`, 'admin', { enabled: true })).status).toBe(404);

    // The admin log says what happened in words, naming the endpoint by its URL.
    const log = await admin<{ items: { action: string; ref: string; readable: { summary: string } }[] }>(
      'GET',
      '/api/core/audit/log?limit=50',
      'admin',
    );
    expect(log.status, JSON.stringify(log.json)).toBe(200);
    const mine = log.json.data.items.filter((e) => e.ref === key);
    expect(mine.map((e) => e.action).sort()).toEqual(['webhook.create', 'webhook.delete', 'webhook.rotate', 'webhook.update']);
    for (const entry of mine) {
      expect(entry.readable.summary).toContain(hookUrl);
      expect(entry.readable.summary).not.toContain(key);
    }
  });
});
