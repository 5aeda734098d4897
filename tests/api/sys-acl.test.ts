import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { adminLog, aclRequests, userAccess } from '@/lib/server/db/schema';
import * as auditLog from '@/pages/api/core/audit/log';
import * as rolesSet from '@/pages/api/core/roles/set';
import * as aclRequest from '@/pages/api/core/users/acl/request';
import * as aclDecide from '@/pages/api/core/users/acl/request/[key]';
import * as aclRevoke from '@/pages/api/core/users/acl/revoke';
import { matchRoute, serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface LogEntry {
  key: string;
  time: string;
  action: string;
  ref: string | null;
  who: { sub: string; email: string };
  person: { sub: string; email: string } | null;
  data: Record<string, unknown>;
}
interface LogPage {
  items: LogEntry[];
  next: string | null;
}

const ROUTES: [string, RouteModule][] = [
  ['/api/core/audit/log', auditLog],
  ['/api/core/roles/set', rolesSet],
  ['/api/core/users/acl/revoke', aclRevoke],
  ['/api/core/users/acl/request', aclRequest],
  ['/api/core/users/acl/request/[key]', aclDecide],
];
const servers: [string, RouteServer][] = [];
const subs: Record<string, string> = {};
const tokens: Record<string, string> = {};

async function call<T = unknown>(method: string, path: string, options: { as?: string; body?: unknown } = {}) {
  const server = servers.find(([pattern]) => matchRoute(pattern, path.split('?')[0]!))?.[1];
  if (!server) throw new Error(`no server for ${path}`);
  const headers: Record<string, string> = options.as ? { authorization: `Bearer ${tokens[options.as]}`, 'x-lang': 'en' } : {};
  const res = await server.request<Envelope<T>>(method, path, { headers, body: options.body });
  return { status: res.status, json: res.json };
}

function expectInvalid(res: { status: number; json: Envelope }, ...fields: string[]) {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json.status).toBe(5);
  const errors = (res.json.data as { errors: Record<string, string> }).errors;
  for (const field of fields) expect(typeof errors[field], JSON.stringify(errors)).toBe('string');
}

async function entriesOf(sub: string): Promise<string[]> {
  const rows = await (await getDb()).select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, sub));
  return rows.map((r) => r.entry).sort();
}

async function log(query: Record<string, string>): Promise<LogPage> {
  const res = await call<LogPage>('GET', `/api/core/audit/log?${new URLSearchParams(query)}`, { as: 'admin' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

describe('sys/acl: grant, revoke, requests and the admin log', () => {
  beforeAll(async () => {
    await ensureReady();
    for (const [pattern, mod] of ROUTES) servers.push([pattern, await serveRoute(mod, pattern)]);
    for (const account of demoAccounts) {
      subs[account.id] = await subOf(account.email);
      tokens[account.id] = await issueAccessToken(subs[account.id]!);
    }
  });
  afterAll(async () => {
    for (const [, server] of servers) await server.close();
  });

  it('a grant and a revoke each write one admin log entry with before and after', async () => {
    const user = subs.user!;
    const entry = 'calbee:licensee';
    const granted = await call<{ entries: string[]; changed: boolean }>('POST', '/api/core/roles/set', {
      as: 'admin',
      body: { sub: user, entry },
    });
    expect(granted.json.status).toBe(0);
    expect(granted.json.data.entries).toContain(entry);
    const grantLog = await log({ action: 'acl.grant', ref: user });
    expect(grantLog.items[0]).toMatchObject({ action: 'acl.grant', ref: user, who: { sub: subs.admin }, person: { sub: user } });
    expect(grantLog.items[0]!.data).toMatchObject({ entry, before: ['calbee:user'], after: [entry, 'calbee:user'].sort() });

    const revoked = await call<{ entries: string[] }>('POST', '/api/core/users/acl/revoke', {
      as: 'admin',
      body: { sub: user, entry },
    });
    expect(revoked.json.data.entries).toEqual(['calbee:user']);
    const revokeLog = await log({ action: 'acl.revoke', ref: 'user@example.com' });
    expect(revokeLog.items).toHaveLength(1);
    expect(revokeLog.items[0]!.data).toMatchObject({ entry, after: ['calbee:user'] });
  });

  it('non-administrators are refused with 403 on every route', async () => {
    for (const as of ['user', 'holder', 'licensee-owner']) {
      expect((await call('POST', '/api/core/roles/set', { as, body: { sub: subs.user, entry: 'calbee:admin' } })).status).toBe(
        403,
      );
      expect(
        (await call('POST', '/api/core/users/acl/revoke', { as, body: { sub: subs.user, entry: 'calbee:user' } })).status,
      ).toBe(403);
      expect((await call('GET', '/api/core/audit/log', { as })).status).toBe(403);
      expect((await call('POST', '/api/core/users/acl/request/abc', { as, body: { decision: 'approve' } })).status).toBe(403);
    }
    expect((await call('GET', '/api/core/audit/log')).status).toBe(401);
    expect(await entriesOf(subs.user!)).toEqual(['calbee:user']);
  });

  it('a bad entry string is status 5 with a message under the field', async () => {
    for (const entry of ['calbee', 'calbee:*', 'calbee:staff:licensee', 'a:b:c:d:e', 'calbee:ad min', '']) {
      expectInvalid(await call('POST', '/api/core/roles/set', { as: 'admin', body: { sub: subs.user, entry } }), 'entry');
    }
    expectInvalid(await call('POST', '/api/core/roles/set', { as: 'admin', body: { sub: '', entry: 'calbee:user' } }), 'sub');
    // Nothing was granted, so nothing was logged beyond the first test's grant.
    expect(await (await getDb()).$count(adminLog, eq(adminLog.action, 'acl.grant'))).toBe(1);
  });

  it('a request approved by an administrator grants the entry and logs it, in one go', async () => {
    const asked = await call<{ key: string }>('POST', '/api/core/users/acl/request', {
      as: 'user',
      body: { entry: 'calbee:designer', reason: 'I draw' },
    });
    expect(asked.json.status).toBe(0);
    const key = asked.json.data.key;
    const pending = await call<{ items: { key: string; email: string; entry: string }[] }>('GET', '/api/core/users/acl/request', {
      as: 'admin',
    });
    expect(pending.json.data.items).toContainEqual(
      expect.objectContaining({ key, email: 'user@example.com', entry: 'calbee:designer' }),
    );

    expectInvalid(
      await call('POST', `/api/core/users/acl/request/${key}`, { as: 'admin', body: { decision: 'maybe' } }),
      'decision',
    );
    const decided = await call<{ request: { state: string; decidedBy: string }; entries: string[] }>(
      'POST',
      `/api/core/users/acl/request/${key}`,
      { as: 'admin', body: { decision: 'approve' } },
    );
    expect(decided.status, JSON.stringify(decided.json)).toBe(200);
    expect(decided.json.data.request).toMatchObject({ state: 'approved', decidedBy: subs.admin });
    expect(decided.json.data.entries).toContain('calbee:designer');
    expect(await entriesOf(subs.user!)).toContain('calbee:designer');
    const logged = await log({ action: 'acl.request.approve' });
    expect(logged.items[0]).toMatchObject({ ref: subs.user, data: { entry: 'calbee:designer', request: key } });

    // A decided request cannot be decided again.
    const again = await call('POST', `/api/core/users/acl/request/${key}`, { as: 'admin', body: { decision: 'deny' } });
    expect(again.status).toBe(409);
    expect(again.json.status).toBe(5);
    expect((await call('POST', '/api/core/users/acl/request/nope', { as: 'admin', body: { decision: 'deny' } })).status).toBe(
      404,
    );
  });

  it('a denied request grants nothing and is logged', async () => {
    const asked = await call<{ key: string }>('POST', '/api/core/users/acl/request', {
      as: 'user',
      body: { entry: 'calbee:boss' },
    });
    const key = asked.json.data.key;
    const denied = await call<{ request: { state: string } }>('POST', `/api/core/users/acl/request/${key}`, {
      as: 'admin',
      body: { decision: 'deny', comment: 'Not for now' },
    });
    expect(denied.json.data.request.state).toBe('denied');
    expect(await entriesOf(subs.user!)).not.toContain('calbee:boss');
    const [row] = await (
      await getDb()
    )
      .select()
      .from(aclRequests)
      .where(and(eq(aclRequests.key, key)));
    expect(row!.state).toBe('denied');
    const logged = await log({ action: 'acl.request.deny', q: 'Not for now' });
    expect(logged.items).toHaveLength(1);
    expect(logged.items[0]!.data).toMatchObject({ entry: 'calbee:boss', comment: 'Not for now' });
  });

  it('the log filters by actor, action prefix, target, dates and free text, newest first, paged', async () => {
    const all = await log({ action: 'acl.' });
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    expect(all.items.every((e) => e.action.startsWith('acl.'))).toBe(true);
    const times = all.items.map((e) => Date.parse(e.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect((await log({ actor: 'admin@example.com', action: 'acl.' })).items.length).toBe(all.items.length);
    expect((await log({ actor: 'user@example.com' })).items).toHaveLength(0);
    expect((await log({ ref: 'nobody-at-all' })).items).toHaveLength(0);
    expect((await log({ q: 'calbee:boss' })).items.map((e) => e.action)).toEqual(['acl.request.deny']);

    const today = new Date().toISOString().slice(0, 10);
    expect((await log({ from: today, to: today, action: 'acl.' })).items.length).toBe(all.items.length);
    expect((await log({ to: '2000-01-01' })).items).toHaveLength(0);
    expect((await log({ from: '2999-01-01' })).items).toHaveLength(0);

    const first = await log({ action: 'acl.', limit: '2' });
    expect(first.items).toHaveLength(2);
    expect(first.next).toBeTruthy();
    const second = await log({ action: 'acl.', limit: '2', cursor: first.next! });
    expect(second.items[0]!.key).toBe(all.items[2]!.key);

    expectInvalid(await call('GET', '/api/core/audit/log?from=yesterday', { as: 'admin' }), 'from');
    expectInvalid(await call('GET', '/api/core/audit/log?from=2025-02-02&to=2025-01-01', { as: 'admin' }), 'to');
    expectInvalid(await call('GET', '/api/core/audit/log?cursor=!!', { as: 'admin' }), 'cursor');
    expectInvalid(await call('GET', '/api/core/audit/log?limit=0', { as: 'admin' }), 'limit');
    expectInvalid(await call('GET', '/api/core/audit/log?action=a%20b', { as: 'admin' }), 'action');
    expectInvalid(await call('GET', '/api/core/audit/log?what=1', { as: 'admin' }), 'what');
  });
});
