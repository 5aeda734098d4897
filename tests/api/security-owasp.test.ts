/**
 * The OWASP API Security Top 10 (2023), one group each, over the real routes and a real database.
 * Checks that need the production server itself (Next's body-size limit, response headers, cookie
 * flags) run in tests/e2e/security.spec.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayWriteWithCookie } from '@/lib/server/api/same-origin';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { ips, licensees, licenses } from '@/lib/server/db/entities-schema';
import { users } from '@/lib/server/db/schema';
import { checkLogin } from '@/lib/server/idp/interactions';
import { newKey } from '@/lib/server/keys';
import { MAX_FILTER_DEPTH, MAX_IN_VALUES } from '@/lib/server/query/filter';
import { MAX_LIMIT } from '@/lib/server/query/page';
import * as imageRoute from '@/pages/api/image';
import * as usersGetRoute from '@/pages/api/core/users/get';
import * as usersListRoute from '@/pages/api/core/users/list';
import * as roleSetRoute from '@/pages/api/role/set';
import * as storageSaveRoute from '@/pages/api/core/storage/save';
import { serveRoute, type RouteServer } from './harness';
import { serveEntityApi, type EntityApi } from './entity-api';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}

let api: EntityApi;
const tokens: Record<string, string> = {};
const servers: RouteServer[] = [];
let otherLicense = '';
let draftIp = '';

async function tokenOf(email: string): Promise<string> {
  tokens[email] ??= await issueAccessToken(await subOf(email));
  return tokens[email];
}

async function serve(mod: Parameters<typeof serveRoute>[0], pattern: string): Promise<RouteServer> {
  const server = await serveRoute(mod, pattern);
  servers.push(server);
  return server;
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  }
  return into;
}

beforeAll(async () => {
  await ensureReady();
  api = await serveEntityApi();
  const db = await getDb();
  // Another organisation with a license of its own, which the demo licensee must never see.
  const orgKey = newKey();
  await db.insert(licensees).values({ key: orgKey, name: 'Other Org', owner: await subOf('user@example.com') } as never);
  const [ip] = await db.select({ key: ips.key }).from(ips).limit(1);
  const ipKey = ip?.key ?? newKey();
  if (!ip)
    await db.insert(ips).values({
      key: ipKey,
      reference: fixtureReference('IP'),
      name: 'Seed IP',
      kind: 'primary',
      state: 'published',
      owner: 'x',
    } as never);
  otherLicense = newKey();
  await db.insert(licenses).values({
    key: otherLicense,
    reference: fixtureReference('LIC'),
    ip: ipKey,
    licensee: orgKey,
    term_start: new Date('2026-01-01'),
    term_end: new Date('2027-01-01'),
    royalty_rate_bp: 800,
  } as never);
  // A designer's draft, which another designer must never see.
  draftIp = newKey();
  await db.insert(ips).values({
    key: draftIp,
    reference: fixtureReference('IP'),
    name: 'Secret draft',
    kind: 'secondary',
    state: 'draft',
    owner: await subOf('designer@example.com'),
  } as never);
});

afterAll(async () => {
  await api.close();
  await Promise.all(servers.map((s) => s.close()));
});

describe('API1 Broken object level authorization', () => {
  it("another organisation's license does not exist for a licensee", async () => {
    const res = await api.call<Envelope>('GET', `/api/v1/License/${otherLicense}`, await tokenOf('licensee@example.com'));
    expect(res.status).toBe(404);
    const query = await api.call<Envelope<{ items: Rec[] }>>(
      'POST',
      '/api/v1/License/query',
      await tokenOf('licensee@example.com'),
      {
        filter: { key: otherLicense },
      },
    );
    expect(query.json.data.items).toEqual([]);
  });

  it("another designer's draft does not exist for a designer, and cannot be changed or deleted", async () => {
    const studio = await tokenOf('studio@example.com');
    expect((await api.call('GET', `/api/v1/IP/${draftIp}`, studio)).status).toBe(404);
    expect((await api.call('PATCH', `/api/v1/IP/${draftIp}`, studio, { name: 'Stolen' })).status).toBe(404);
    expect((await api.call('DELETE', `/api/v1/IP/${draftIp}`, studio)).status).toBe(404);
    const [row] = await (await getDb()).select({ name: ips.name }).from(ips).where(eq(ips.key, draftIp));
    expect(row?.name).toBe('Secret draft');
  });
});

describe('API2 Broken authentication', () => {
  it('refuses a missing, forged, expired or foreign-client token', async () => {
    const path = '/api/v1/IP/query';
    expect((await api.call<Envelope>('POST', path, undefined, {})).json.status).toBe(8);
    const forged = await api.call<Envelope>('POST', path, 'forged-' + newKey(), {});
    expect([forged.status, forged.json.status]).toEqual([401, 7]);
    const sub = await subOf('holder@example.com');
    const expired = await api.call<Envelope>('POST', path, await issueAccessToken(sub, { expiresIn: -60 }), {});
    expect([expired.status, expired.json.status]).toEqual([401, 7]);
    const foreign = await api.call<Envelope>('POST', path, await issueAccessToken(sub, { clientId: 'another-app' }), {});
    expect(foreign.status).toBe(401);
    const good = await api.call<Envelope>('POST', path, await tokenOf('holder@example.com'), {});
    expect(good.json.status).toBe(0);
  });

  it('a session cookie that was tampered with is refused', async () => {
    const res = await api.call<Envelope>('POST', '/api/v1/IP/query', undefined, {});
    expect(res.status).toBe(401);
    const server = await serve(usersGetRoute, '/api/core/users/get');
    const tampered = await server.request<Envelope>('POST', '/api/core/users/get', {
      headers: { cookie: 'next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.x.y.z.w' },
      body: {},
    });
    expect(tampered.status).toBe(401);
  });

  it('slows the source of repeated wrong passwords, even for the right one, and never locks the account out', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.1`;
    for (let i = 0; i < 5; i++) expect((await checkLogin(ip, 'boss@example.com', 'wrong')).ok).toBe(false);
    const after = await checkLogin(ip, 'boss@example.com', process.env.DEMO_PASSWORD ?? '');
    expect(after).toMatchObject({ ok: false, reason: 'throttled' });
    expect((await checkLogin('10.8.0.1', 'boss@example.com', process.env.DEMO_PASSWORD ?? '')).ok).toBe(true);
  });
});

describe('API3 Broken object property level authorization', () => {
  it('refuses server-owned fields in a create body (mass assignment) and writes nothing', async () => {
    const token = await tokenOf('designer@example.com');
    const db = await getDb();
    const before = (await db.select({ key: ips.key }).from(ips)).length;
    for (const extra of [{ state: 'approved' }, { owner: 'someone-else' }, { key: 'chosen-key' }, { status: 9 }]) {
      const res = await api.call<Envelope<{ errors?: Rec }>>('POST', '/api/v1/IP', token, {
        name: 'Mass',
        kind: 'secondary',
        ...extra,
      });
      expect(res.json.status).toBe(5);
      expect(Object.keys(res.json.data.errors ?? {})).toContain(Object.keys(extra)[0]);
    }
    expect((await db.select({ key: ips.key }).from(ips)).length).toBe(before);
  });

  it('refuses a state change through PATCH (only the flow moves states)', async () => {
    const res = await api.call<Envelope>('PATCH', `/api/v1/IP/${draftIp}`, await tokenOf('designer@example.com'), {
      state: 'approved',
    });
    expect(res.json.status).toBe(5);
    const [row] = await (await getDb()).select({ state: ips.state }).from(ips).where(eq(ips.key, draftIp));
    expect(row?.state).not.toBe('approved');
  });

  it('never answers with secret fields', async () => {
    const admin = await tokenOf('admin@example.com');
    const list = await serve(usersListRoute, '/api/core/users/list');
    const get = await serve(usersGetRoute, '/api/core/users/get');
    const bodies = [
      (await list.request('POST', '/api/core/users/list', { headers: bearer(admin), body: {} })).json,
      (await get.request('POST', '/api/core/users/get', { headers: bearer(await tokenOf('designer@example.com')), body: {} }))
        .json,
    ];
    for (const body of bodies) {
      const keys = [...keysOf(body)].map((k) => k.toLowerCase());
      for (const secret of ['passwordhash', 'password_hash', 'password', 'tokenhash', 'token_hash', 'secret']) {
        expect(keys).not.toContain(secret);
      }
    }
    const [row] = await (
      await getDb()
    )
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'admin@example.com'));
    expect(JSON.stringify(bodies)).not.toContain(String(row?.hash));
  });
});

describe('API4 Unrestricted resource consumption', () => {
  it(`caps page size at ${MAX_LIMIT}`, async () => {
    const res = await api.call<Envelope<{ errors?: Rec }>>('POST', '/api/v1/IP/query', await tokenOf('holder@example.com'), {
      limit: MAX_LIMIT + 1,
    });
    expect(res.json.status).toBe(5);
  });

  it('refuses filters that are too deep or too wide', async () => {
    const token = await tokenOf('holder@example.com');
    let deep: Rec = { name: 'x' };
    for (let i = 0; i <= MAX_FILTER_DEPTH + 1; i++) deep = { $and: [deep] };
    expect((await api.call<Envelope>('POST', '/api/v1/IP/query', token, { filter: deep })).json.status).toBe(5);
    const wide = { key: { $in: Array.from({ length: MAX_IN_VALUES + 1 }, (_, i) => `k${i}`) } };
    expect((await api.call<Envelope>('POST', '/api/v1/IP/query', token, { filter: wide })).json.status).toBe(5);
  });

  it('refuses an upload that is not what it claims (an executable renamed .png)', async () => {
    const server = await serve(storageSaveRoute, '/api/core/storage/save');
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(256, 1)]);
    const res = await server.request<Envelope<{ errors?: Rec }>>('POST', '/api/core/storage/save', {
      headers: bearer(await tokenOf('designer@example.com')),
      body: { name: 'cat.png', data: elf.toString('base64') },
    });
    expect([res.status, res.json.status]).toEqual([400, 5]);
    expect(Object.keys(res.json.data.errors ?? {})).toEqual(['file']);
    // The same endpoint takes a real PNG, so the refusal above is about the bytes, not the request.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const ok = await server.request<Envelope>('POST', '/api/core/storage/save', {
      headers: bearer(await tokenOf('designer@example.com')),
      body: { name: 'dot.png', data: png.toString('base64') },
    });
    expect(ok.json.status).toBe(0);
  });
});

describe('API5 Broken function level authorization', () => {
  it('a designer, a licensee and a plain user cannot change holder roles', async () => {
    const server = await serve(roleSetRoute, '/api/role/set');
    for (const who of ['designer@example.com', 'licensee@example.com', 'user@example.com']) {
      const res = await server.request<Envelope>('POST', '/api/role/set', {
        headers: bearer(await tokenOf(who)),
        body: { sub: await subOf(who), role: 'boss', dept: 'x' },
      });
      expect(res.status).toBe(403);
    }
  });

  it('a licensee cannot read the user directory of the system section', async () => {
    const server = await serve(usersListRoute, '/api/core/users/list');
    const res = await server.request<Envelope>('POST', '/api/core/users/list', {
      headers: bearer(await tokenOf('licensee@example.com')),
      body: {},
    });
    expect(res.status).toBe(403);
  });
});

describe('API7 Server side request forgery', () => {
  it('the image optimiser never fetches another origin', async () => {
    const server = await serve(imageRoute, '/api/image');
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:22/',
      'http://127.0.0.1:5432/',
      '//evil.example/x.png',
      'file:///etc/passwd',
    ]) {
      const res = await server.request<Envelope<{ errors?: Rec }>>('GET', `/api/image?url=${encodeURIComponent(url)}&w=640&q=75`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.json.data.errors ?? {})).toContain('url');
    }
  });
});

describe('API8 Security misconfiguration: cross-site writes with the session cookie', () => {
  const app = 'http://localhost:3000';
  const post = (headers: Record<string, string>) => ({ method: 'POST', headers });

  it('refuses a write whose Origin or Sec-Fetch-Site names another site', () => {
    expect(mayWriteWithCookie(post({ origin: 'https://evil.example', host: 'localhost:3000' }), app)).toBe(false);
    expect(mayWriteWithCookie(post({ 'sec-fetch-site': 'cross-site' }), app)).toBe(false);
    expect(mayWriteWithCookie(post({ 'sec-fetch-site': 'same-site' }), app)).toBe(false);
    expect(mayWriteWithCookie(post({ origin: 'null' }), app)).toBe(false);
  });

  it('lets same-origin writes, reads and origin-less clients through', () => {
    expect(mayWriteWithCookie(post({ origin: app, 'sec-fetch-site': 'same-origin' }), app)).toBe(true);
    expect(mayWriteWithCookie(post({ origin: 'http://ipl.internal:8080', host: 'ipl.internal:8080' }), app)).toBe(true);
    expect(mayWriteWithCookie({ method: 'GET', headers: { origin: 'https://evil.example' } }, app)).toBe(true);
    expect(mayWriteWithCookie(post({}), app)).toBe(true);
  });
});

describe('Injection: the query language', () => {
  it('treats SQL in values as plain text and refuses unknown fields and operators', async () => {
    const token = await tokenOf('holder@example.com');
    const literal = await api.call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/IP/query', token, {
      filter: { name: "x' OR '1'='1" },
    });
    expect(literal.json.status).toBe(0);
    expect(literal.json.data.items).toEqual([]);
    for (const filter of [{ 'name; drop table ips': 'x' }, { name: { $where: 'sleep(1)' } }, { $expr: { $eq: [1, 1] } }]) {
      const res = await api.call<Envelope>('POST', '/api/v1/IP/query', token, { filter });
      expect(res.status).toBe(400);
      expect(res.json.status).toBe(5);
    }
    const sorted = await api.call<Envelope>('POST', '/api/v1/IP/query', token, { sort: { 'name desc; --': 1 } });
    expect(sorted.json.status).toBe(5);
    expect((await (await getDb()).select({ key: ips.key }).from(ips)).length).toBeGreaterThan(0);
  });
});
