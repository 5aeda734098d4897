/**
 * Authorization of the system area's routes (sys/acl, page views, data maintenance, home): every demo role,
 * no token and a forged token. Administrators only, except /api/home (anyone signed in).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { licensees } from '@/lib/server/db/entities-schema';
import * as auditLog from '@/pages/api/core/audit/log';
import * as aclDecide from '@/pages/api/core/users/acl/request/[key]';
import * as home from '@/pages/api/home';
import * as sysAnalytics from '@/pages/api/sys/analytics';
import * as sysLicensees from '@/pages/api/sys/licensees';
import * as sysPeople from '@/pages/api/sys/people';
import { serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}

const ROUTES: [string, string, string, RouteModule, unknown?][] = [
  ['GET', '/api/core/audit/log', '/api/core/audit/log', auditLog],
  ['POST', '/api/core/users/acl/request/[key]', '/api/core/users/acl/request/none', aclDecide, { decision: 'deny' }],
  ['GET', '/api/sys/licensees', '/api/sys/licensees', sysLicensees],
  ['POST', '/api/sys/people', '/api/sys/people', sysPeople, { subs: [] }],
  ['GET', '/api/home', '/api/home', home],
  ['GET', '/api/sys/analytics', '/api/sys/analytics', sysAnalytics],
];
const servers = new Map<string, RouteServer>();
const tokens: Record<string, string> = {};
const subs: Record<string, string> = {};

beforeAll(async () => {
  await ensureReady();
  for (const [, pattern, , mod] of ROUTES) servers.set(pattern, await serveRoute(mod, pattern));
  for (const account of demoAccounts) {
    subs[account.id] = await subOf(account.email);
    tokens[account.id] = await issueAccessToken(subs[account.id]!);
  }
});

afterAll(async () => {
  for (const server of servers.values()) await server.close();
});

async function call<T = unknown>(index: number, token?: string, path?: string, body?: unknown) {
  const [method, pattern, example, , sample] = ROUTES[index]!;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await servers.get(pattern)!.request<Envelope<T>>(method, path ?? example, { headers, body: body ?? sample });
  return { status: res.status, json: res.json };
}

describe('SPEC §6/§8 system routes: who may call them (status 8 without a token, 7 with a forged one)', () => {
  it('no token is 401 status 8; a forged token 401 status 7', async () => {
    for (let i = 0; i < ROUTES.length; i++) {
      const bare = await call(i);
      expect(bare.status, ROUTES[i]![1]).toBe(401);
      expect(bare.json.status).toBe(8);
      const forged = await call(i, 'forged-token-value');
      expect(forged.status, ROUTES[i]![1]).toBe(401);
      expect(forged.json.status).toBe(7);
    }
  });

  it('each demo role: administrators pass the admin routes, everyone signed in gets a home', async () => {
    for (const account of demoAccounts) {
      const admin = account.id === 'admin';
      for (let i = 0; i < ROUTES.length; i++) {
        const [, pattern] = ROUTES[i]!;
        const res = await call(i, tokens[account.id]);
        // The decide route with an unknown key: an administrator gets "not found", others "forbidden".
        const expected = pattern === '/api/home' ? 200 : !admin ? 403 : pattern.includes('[key]') ? 404 : 200;
        expect(res.status, `${account.id} ${pattern} ${JSON.stringify(res.json)}`).toBe(expected);
      }
    }
  });
});

describe('data maintenance APIs', () => {
  it('sys/licensees lists organisations with owner, member and license counts; q filters', async () => {
    const db = await getDb();
    const [org] = await db.select().from(licensees).where(eq(licensees.owner, subs['licensee-owner']!));
    const res = await call<{ items: { key: string; owner: { email: string } | null; members: number; licenses: number }[] }>(
      2,
      tokens.admin,
      `/api/sys/licensees?q=${encodeURIComponent(org!.name.slice(0, 5))}`,
    );
    const row = res.json.data.items.find((r) => r.key === org!.key)!;
    expect(row.owner?.email).toBe('licensee@example.com');
    // The owner and the staff member of the demo organisation.
    expect(row.members).toBe(2);
    expect(row.licenses).toBe(0);
    const none = await call<{ items: unknown[] }>(2, tokens.admin, '/api/sys/licensees?q=zzzz-no-such-org');
    expect(none.json.data.items).toHaveLength(0);
    const bad = await call(2, tokens.admin, '/api/sys/licensees?limit=1000');
    expect(bad.json.status).toBe(5);
  });

  it('sys/people resolves subs to names; bad input is status 5', async () => {
    const res = await call<{ items: { sub: string; email: string }[] }>(3, tokens.admin, undefined, {
      subs: [subs.user, subs.designer],
    });
    expect(res.json.data.items.map((p) => p.email).sort()).toEqual(['designer@example.com', 'user@example.com']);
    const bad = await call(3, tokens.admin, undefined, { subs: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json.status).toBe(5);
  });
});
