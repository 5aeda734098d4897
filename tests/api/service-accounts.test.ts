import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { serviceAccounts } from '@/lib/server/db/platform-schema';
import { secretDigest } from '@/lib/server/service-accounts/credentials';
import * as auditLog from '@/pages/api/core/audit/log';
import * as oidcRoute from '@/pages/api/oidc/[[...path]]';
import * as serviceList from '@/pages/api/sys/service-accounts';
import * as serviceRevoke from '@/pages/api/sys/service-accounts/[key]/revoke';
import * as serviceRotate from '@/pages/api/sys/service-accounts/[key]/rotate';
import * as throttles from '@/pages/api/sys/throttles';
import * as usageHolderList from '@/pages/api/v1/Usage/holder/list';
import * as entityList from '@/pages/api/v1/[entity]';
import { matchRoute, serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Account {
  key: string;
  name: string;
  clientId: string;
  access: string[];
  state: 'active' | 'revoked';
}
interface Issued {
  account: Account;
  clientSecret: string;
}
interface LogEntry {
  action: string;
  ref: string | null;
  who: { sub: string; name: string };
  data: Record<string, unknown>;
  readable: { action: string; summary: string };
}

const ROUTES: [string, RouteModule][] = [
  ['/api/oidc/[[...path]]', oidcRoute],
  ['/api/core/audit/log', auditLog],
  ['/api/sys/service-accounts', serviceList],
  ['/api/sys/service-accounts/[key]/rotate', serviceRotate],
  ['/api/sys/service-accounts/[key]/revoke', serviceRevoke],
  ['/api/sys/throttles', throttles],
  ['/api/v1/Usage/holder/list', usageHolderList],
  ['/api/v1/[entity]', entityList],
];
const servers: [string, RouteServer][] = [];
const tokens: Record<string, string> = {};

function serverFor(path: string): RouteServer {
  const server = servers.find(([pattern]) => matchRoute(pattern, path.split('?')[0]!))?.[1];
  if (!server) throw new Error(`no server for ${path}`);
  return server;
}

/** A call as a demo person (by id) or with a raw bearer token. */
async function call<T = unknown>(method: string, path: string, options: { as?: string; bearer?: string; body?: unknown } = {}) {
  const token = options.bearer ?? (options.as ? tokens[options.as] : undefined);
  const headers: Record<string, string> = { 'x-lang': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await serverFor(path).request<Envelope<T>>(method, path, { headers, body: options.body });
  return { status: res.status, json: res.json };
}

/** The token endpoint as an integrator calls it: HTTP Basic with the client id and secret. */
async function tokenFor(clientId: string, secret: string) {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64');
  const res = await serverFor('/api/oidc/token').request<Record<string, unknown>>('POST', '/api/oidc/token', {
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return { status: res.status, body: res.json };
}

async function accessTokenFor(clientId: string, secret: string): Promise<string> {
  const res = await tokenFor(clientId, secret);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.token_type).toBe('Bearer');
  return String(res.body.access_token);
}

async function create(name: string, access: string[]): Promise<Issued> {
  const res = await call<Issued>('POST', '/api/sys/service-accounts', { as: 'admin', body: { name, access } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

async function logOf(ref: string, action?: string): Promise<LogEntry[]> {
  const query = new URLSearchParams({ ref, limit: '100', ...(action ? { action } : {}) });
  const res = await call<{ items: LogEntry[] }>('GET', `/api/core/audit/log?${query}`, { as: 'admin' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data.items;
}

const holderRole = () => `${getConfig().aclClient}:${getConfig().productKey}`;

describe('service accounts: client credentials bound to access entries', () => {
  beforeAll(async () => {
    await ensureReady();
    for (const [pattern, mod] of ROUTES) servers.push([pattern, await serveRoute(mod, pattern)]);
    for (const account of demoAccounts) tokens[account.id] = await issueAccessToken(await subOf(account.email));
  });
  afterAll(async () => {
    for (const [, server] of servers) await server.close();
  });

  it('shows the secret once and stores only its digest', async () => {
    const issued = await create('Secret keeper', [holderRole()]);
    expect(issued.clientSecret.length).toBeGreaterThanOrEqual(40);
    expect(issued.account).toMatchObject({ name: 'Secret keeper', state: 'active', access: [holderRole()] });
    const [row] = await (await getDb()).select().from(serviceAccounts).where(eq(serviceAccounts.key, issued.account.key));
    expect(row!.secretDigest).toBe(secretDigest(issued.clientSecret));
    expect(JSON.stringify(row)).not.toContain(issued.clientSecret);
    const list = await call<Account[]>('GET', '/api/sys/service-accounts', { as: 'admin' });
    expect(list.status).toBe(200);
    const listed = list.json.data.find((a) => a.key === issued.account.key)!;
    expect(listed.name).toBe('Secret keeper');
    expect(JSON.stringify(list.json)).not.toContain(issued.clientSecret);
    expect(JSON.stringify(list.json)).not.toContain(row!.secretDigest);
  });

  it('gets a token by client credentials; allowed inside its access entries, 403 outside', async () => {
    const { account, clientSecret } = await create('ERP link', [holderRole()]);
    const token = await accessTokenFor(account.clientId, clientSecret);
    const inside = await call('POST', '/api/v1/Usage/holder/list', { bearer: token, body: {} });
    expect(inside.status, JSON.stringify(inside.json)).toBe(200);
    // The README's first call: a page of licenses.
    const licenses = await call<{ items: unknown[] }>('GET', '/api/v1/License?limit=20', { bearer: token });
    expect(licenses.status, JSON.stringify(licenses.json)).toBe(200);
    expect(Array.isArray(licenses.json.data.items)).toBe(true);
    const outside = await call('GET', '/api/sys/throttles', { bearer: token });
    expect(outside.status).toBe(403);
    // Nor may it manage service accounts, whatever its entries.
    expect((await call('GET', '/api/sys/service-accounts', { bearer: token })).status).toBe(403);
  });

  it('refuses a wrong secret, the stored digest as a secret, and an unknown client', async () => {
    const { account } = await create('Wrong secrets', [holderRole()]);
    const [row] = await (await getDb()).select().from(serviceAccounts).where(eq(serviceAccounts.key, account.key));
    expect((await tokenFor(account.clientId, 'not-the-secret')).status).toBe(401);
    expect((await tokenFor(account.clientId, row!.secretDigest!)).status).toBe(401);
    expect((await tokenFor('svc-nosuchclient', 'whatever')).status).toBe(401);
  });

  it('a revoked client is refused at once (401) and gets no new token', async () => {
    const { account, clientSecret } = await create('Revoked soon', [holderRole()]);
    const token = await accessTokenFor(account.clientId, clientSecret);
    expect((await call('POST', '/api/v1/Usage/holder/list', { bearer: token, body: {} })).status).toBe(200);
    const revoked = await call<Account>('POST', `/api/sys/service-accounts/${account.key}/revoke`, { as: 'admin' });
    expect(revoked.status, JSON.stringify(revoked.json)).toBe(200);
    expect(revoked.json.data.state).toBe('revoked');
    expect((await call('POST', '/api/v1/Usage/holder/list', { bearer: token, body: {} })).status).toBe(401);
    const again = await tokenFor(account.clientId, clientSecret);
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('invalid_client');
    // Revoking twice or rotating a revoked account changes nothing and says why.
    expect((await call('POST', `/api/sys/service-accounts/${account.key}/revoke`, { as: 'admin' })).status).toBe(409);
    expect((await call('POST', `/api/sys/service-accounts/${account.key}/rotate`, { as: 'admin' })).status).toBe(409);
  });

  it('rotation: the old secret and the tokens issued with it stop working; the new secret works', async () => {
    const { account, clientSecret } = await create('Rotated', [holderRole()]);
    const oldToken = await accessTokenFor(account.clientId, clientSecret);
    const rotated = await call<Issued>('POST', `/api/sys/service-accounts/${account.key}/rotate`, { as: 'admin' });
    expect(rotated.status, JSON.stringify(rotated.json)).toBe(200);
    const fresh = rotated.json.data.clientSecret;
    expect(fresh).not.toBe(clientSecret);
    expect((await tokenFor(account.clientId, clientSecret)).status).toBe(401);
    expect((await call('POST', '/api/v1/Usage/holder/list', { bearer: oldToken, body: {} })).status).toBe(401);
    const newToken = await accessTokenFor(account.clientId, fresh);
    expect((await call('POST', '/api/v1/Usage/holder/list', { bearer: newToken, body: {} })).status).toBe(200);
  });

  it('the admin log names the account for each of its calls, allowed or refused', async () => {
    const { account, clientSecret } = await create('Accounting export', [holderRole()]);
    const token = await accessTokenFor(account.clientId, clientSecret);
    await call('POST', '/api/v1/Usage/holder/list', { bearer: token, body: {} });
    await call('GET', '/api/sys/throttles', { bearer: token });
    const calls = await logOf(account.key, 'service.call');
    expect(calls.map((c) => [c.data.method, c.data.path, c.data.status])).toEqual([
      ['GET', '/api/sys/throttles', 403],
      ['POST', '/api/v1/Usage/holder/list', 200],
    ]);
    for (const entry of calls) {
      expect(entry.who.name).toBe('service account “Accounting export”');
      expect(entry.readable.summary).toContain('service account “Accounting export”');
      expect(entry.readable.summary).not.toContain(account.key);
    }
    const created = await logOf(account.key, 'service.create');
    expect(created).toHaveLength(1);
    expect(created[0]!.readable.summary).toBe('Created service account “Accounting export”.');
  });

  it('non-administrators get 403 on every management route, and nothing changes', async () => {
    const { account, clientSecret } = await create('Guarded', [holderRole()]);
    for (const as of ['user', 'holder', 'licensee-owner', 'designer']) {
      expect((await call('GET', '/api/sys/service-accounts', { as })).status).toBe(403);
      expect((await call('POST', '/api/sys/service-accounts', { as, body: { name: 'x', access: [holderRole()] } })).status).toBe(
        403,
      );
      expect((await call('POST', `/api/sys/service-accounts/${account.key}/rotate`, { as })).status).toBe(403);
      expect((await call('POST', `/api/sys/service-accounts/${account.key}/revoke`, { as })).status).toBe(403);
    }
    expect((await call('GET', '/api/sys/service-accounts')).status).toBe(401);
    await accessTokenFor(account.clientId, clientSecret);
  });

  it('bad input: 400 with a message under each field, and nothing is created', async () => {
    const db = await getDb();
    const before = (await db.select().from(serviceAccounts)).length;
    const bad = async (body: unknown, ...fields: string[]) => {
      const res = await call<{ errors: Record<string, string> }>('POST', '/api/sys/service-accounts', { as: 'admin', body });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.status).toBe(5);
      for (const field of fields) expect(typeof res.json.data.errors[field], JSON.stringify(res.json.data)).toBe('string');
    };
    await bad({ name: '', access: [] }, 'name', 'access');
    await bad({ name: 'x'.repeat(101), access: ['calbee:*'] }, 'name', 'access.0');
    await bad({ name: 'Other client', access: ['otherclient:admin'] }, 'access.0');
    await bad({ name: 'Extra', access: [holderRole()], secret: 'mine' });
    expect((await db.select().from(serviceAccounts)).length).toBe(before);
    // A live account's name is taken (409 with the field named).
    await create('Unique name', [holderRole()]);
    const dup = await call<{ errors: Record<string, string> }>('POST', '/api/sys/service-accounts', {
      as: 'admin',
      body: { name: 'Unique name', access: [holderRole()] },
    });
    expect(dup.status).toBe(409);
    expect(dup.json.data.errors.name).toMatch(/already exists/);
    expect((await call('POST', '/api/sys/service-accounts/nosuchkey/rotate', { as: 'admin' })).status).toBe(404);
  });
});
