import { eq } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { aclRequests, adminLog, shortUris, userAccess, users } from '@/lib/server/db/schema';
import * as rolesGet from '@/pages/api/core/roles/get';
import * as rolesProfile from '@/pages/api/core/roles/profile';
import * as rolesRevoke from '@/pages/api/core/roles/revoke';
import * as rolesSet from '@/pages/api/core/roles/set';
import * as shortDrop from '@/pages/api/core/shorturi/drop';
import * as shortGet from '@/pages/api/core/shorturi/get';
import * as shortNew from '@/pages/api/core/shorturi/new';
import * as usersAcl from '@/pages/api/core/users/acl/index';
import * as usersAclRequest from '@/pages/api/core/users/acl/request';
import * as usersAclRevoke from '@/pages/api/core/users/acl/revoke';
import * as usersAclSet from '@/pages/api/core/users/acl/set';
import * as usersGet from '@/pages/api/core/users/get';
import * as usersGetEth from '@/pages/api/core/users/get/eth';
import * as usersGetProfile from '@/pages/api/core/users/get/profile';
import * as usersGetWallet from '@/pages/api/core/users/get/wallet';
import * as usersGetBio from '@/pages/api/core/users/getbio';
import * as usersList from '@/pages/api/core/users/list';
import * as usersProfile from '@/pages/api/core/users/profile/index';
import * as usersProfileUpdate from '@/pages/api/core/users/profile/update';
import * as usersSet from '@/pages/api/core/users/set';
import * as usersSetBio from '@/pages/api/core/users/setbio';
import { getServerSideProps as shortRedirect } from '@/pages/s/[key]';
import { TEST_APP_URL } from './env';
import { serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Invalid {
  errors: Record<string, string>;
  codes: Record<string, { code: string }>;
}

const ROUTES: [string, RouteModule][] = [
  ['/api/core/roles/profile', rolesProfile],
  ['/api/core/roles/get', rolesGet],
  ['/api/core/roles/set', rolesSet],
  ['/api/core/roles/revoke', rolesRevoke],
  ['/api/core/users/list', usersList],
  ['/api/core/users/get', usersGet],
  ['/api/core/users/set', usersSet],
  ['/api/core/users/acl', usersAcl],
  ['/api/core/users/acl/set', usersAclSet],
  ['/api/core/users/acl/request', usersAclRequest],
  ['/api/core/users/acl/revoke', usersAclRevoke],
  ['/api/core/users/profile', usersProfile],
  ['/api/core/users/get/profile', usersGetProfile],
  ['/api/core/users/profile/update', usersProfileUpdate],
  ['/api/core/users/getbio', usersGetBio],
  ['/api/core/users/setbio', usersSetBio],
  ['/api/core/users/get/eth', usersGetEth],
  ['/api/core/users/get/wallet', usersGetWallet],
  ['/api/core/shorturi/new', shortNew],
  ['/api/core/shorturi/get', shortGet],
  ['/api/core/shorturi/drop', shortDrop],
];

/** Every route with the method it answers, for the checks every route must pass. */
const CALLS: [string, string][] = [
  ['GET', '/api/core/roles/profile'],
  ['POST', '/api/core/roles/get'],
  ['POST', '/api/core/roles/set'],
  ['POST', '/api/core/roles/revoke'],
  ['POST', '/api/core/users/list'],
  ['POST', '/api/core/users/get'],
  ['POST', '/api/core/users/set'],
  ['POST', '/api/core/users/acl'],
  ['POST', '/api/core/users/acl/set'],
  ['POST', '/api/core/users/acl/request'],
  ['GET', '/api/core/users/acl/request'],
  ['POST', '/api/core/users/acl/revoke'],
  ['GET', '/api/core/users/profile'],
  ['POST', '/api/core/users/get/profile'],
  ['POST', '/api/core/users/profile/update'],
  ['POST', '/api/core/users/getbio'],
  ['POST', '/api/core/users/setbio'],
  ['POST', '/api/core/users/get/eth'],
  ['GET', '/api/core/users/get/wallet'],
  ['POST', '/api/core/shorturi/new'],
  ['POST', '/api/core/shorturi/get'],
  ['POST', '/api/core/shorturi/drop'],
];

const servers = new Map<string, RouteServer>();
const subs: Record<string, string> = {};
const tokens: Record<string, string> = {};

async function call<T = unknown>(
  method: string,
  path: string,
  options: { as?: string; body?: unknown } = {},
): Promise<{ status: number; json: Envelope<T> }> {
  const server = servers.get(path.split('?')[0]!);
  if (!server) throw new Error(`no server for ${path}`);
  const headers: Record<string, string> = options.as ? { authorization: `Bearer ${tokens[options.as]}` } : {};
  const res = await server.request<Envelope<T>>(method, path, { headers, body: options.body });
  return { status: res.status, json: res.json };
}

async function logRows(action: string) {
  const db = await getDb();
  return db.select().from(adminLog).where(eq(adminLog.action, action));
}

async function entries(sub: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, sub));
  return rows.map((r) => r.entry).sort();
}

function expectInvalid(res: { status: number; json: Envelope<unknown> }, ...fields: string[]) {
  expect(res.status).toBe(400);
  expect(res.json.status).toBe(5);
  const data = res.json.data as Invalid;
  for (const field of fields) {
    expect(typeof data.errors[field], `error for ${field} in ${JSON.stringify(data.errors)}`).toBe('string');
    expect(data.errors[field]!.length).toBeGreaterThan(0);
  }
}

function expectStatus(res: { status: number; json: Envelope<unknown> }, http: number, status: number) {
  expect(res.status, JSON.stringify(res.json)).toBe(http);
  expect(res.json.status).toBe(status);
}

describe('core API', () => {
  beforeAll(async () => {
    await ensureReady();
    for (const [pattern, mod] of ROUTES) servers.set(pattern, await serveRoute(mod, pattern));
    for (const account of demoAccounts) {
      subs[account.id] = await subOf(account.email);
      tokens[account.id] = await issueAccessToken(subs[account.id]!);
    }
  });
  afterAll(async () => {
    for (const server of servers.values()) await server.close();
  });

  describe('every route', () => {
    it('without credentials: 401 status 8', async () => {
      for (const [method, path] of CALLS) {
        const res = await call(method, path, { body: method === 'POST' ? { sub: 'x' } : undefined });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.json).toEqual({ status: 8, data: 'invalid session' });
      }
    });

    it('answers malformed bodies with 4xx, never 5xx, and writes no admin log', async () => {
      const before = await (await getDb()).$count(adminLog);
      const bodies: unknown[] = [null, 'text', 42, [], [1, 2], { sub: { $ne: 1 } }, { sub: 'a\u0000b' }, { entry: ['x'] }];
      for (const [method, path] of CALLS.filter(([m]) => m === 'POST')) {
        for (const body of bodies) {
          const res = await call(method, path, { as: 'admin', body });
          expect(res.status, `${path} ${JSON.stringify(body)} → ${JSON.stringify(res.json)}`).toBeLessThan(500);
        }
      }
      expect(await (await getDb()).$count(adminLog)).toBe(before);
    });
  });

  describe('roles', () => {
    it('roles/profile: the caller’s entries and holder flags from the default holder', async () => {
      const legal = await call<{
        sub: string;
        access: string[];
        approver: Record<string, boolean>;
        manager: Record<string, boolean>;
        approverGroups: string[];
      }>('GET', '/api/core/roles/profile', { as: 'legal-approver' });
      expectStatus(legal, 200, 0);
      expect(legal.json.data.sub).toBe(subs['legal-approver']);
      expect(legal.json.data.access).toContain('calbee:ipl');
      expect(legal.json.data.approver).toEqual({ legal: true, brand: false, cfl: false, boss: false });
      expect(legal.json.data.manager).toEqual({ legal: false, brand: false, cfl: false });
      expect(legal.json.data.approverGroups).toEqual(['legal']);

      const manager = await call<{ manager: Record<string, boolean> }>('GET', '/api/core/roles/profile', { as: 'brand-manager' });
      expect(manager.json.data.manager).toEqual({ legal: false, brand: true, cfl: false });

      const boss = await call<{ approver: Record<string, boolean> }>('GET', '/api/core/roles/profile', { as: 'boss' });
      expect(boss.json.data.approver.boss).toBe(true);

      const user = await call<{ approver: Record<string, boolean>; access: string[] }>('GET', '/api/core/roles/profile', {
        as: 'user',
      });
      expect(Object.values(user.json.data.approver).some(Boolean)).toBe(false);
      expect(user.json.data.access).toEqual(['calbee:user']);
    });

    it('roles/get: administrators and the user themselves; others are not found', async () => {
      const byAdmin = await call<{ entries: string[] }>('POST', '/api/core/roles/get', {
        as: 'admin',
        body: { sub: subs.designer },
      });
      expectStatus(byAdmin, 200, 0);
      expect(byAdmin.json.data.entries).toEqual(['calbee:designer', 'calbee:user']);
      const self = await call<{ entries: string[] }>('POST', '/api/core/roles/get', {
        as: 'designer',
        body: { sub: subs.designer },
      });
      expect(self.json.data.entries).toEqual(['calbee:designer', 'calbee:user']);
      expectStatus(await call('POST', '/api/core/roles/get', { as: 'designer', body: { sub: subs.admin } }), 404, 2);
      expectStatus(await call('POST', '/api/core/roles/get', { as: 'admin', body: { sub: 'nobody' } }), 404, 2);
      expectInvalid(await call('POST', '/api/core/roles/get', { as: 'admin', body: {} }), 'sub');
      expectInvalid(await call('POST', '/api/core/roles/get', { as: 'admin', body: { sub: 5, extra: 1 } }), 'sub', 'extra');
    });

    it('roles/set: an administrator grants one entry, logged once as acl.grant', async () => {
      const before = (await logRows('acl.grant')).length;
      const res = await call<{ entries: string[]; changed: boolean }>('POST', '/api/core/roles/set', {
        as: 'admin',
        body: { sub: subs.user, entry: 'calbee:designer' },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data.changed).toBe(true);
      expect(await entries(subs.user!)).toEqual(['calbee:designer', 'calbee:user']);
      const rows = await logRows('acl.grant');
      expect(rows).toHaveLength(before + 1);
      const row = rows.find((r) => r.ref === subs.user)!;
      expect(row.sub).toBe(subs.admin);
      expect(row.data).toMatchObject({
        before: ['calbee:user'],
        after: ['calbee:designer', 'calbee:user'],
        entry: 'calbee:designer',
      });

      // Granting it again changes nothing and logs nothing.
      const again = await call<{ changed: boolean }>('POST', '/api/core/roles/set', {
        as: 'admin',
        body: { sub: subs.user, entry: 'calbee:designer' },
      });
      expect(again.json.data.changed).toBe(false);
      expect(await logRows('acl.grant')).toHaveLength(before + 1);
    });

    it('roles/set: refused for non-administrators, wildcards and malformed entries; nothing changes', async () => {
      const before = (await logRows('acl.grant')).length;
      const entriesBefore = await entries(subs.designer!);
      expectStatus(
        await call('POST', '/api/core/roles/set', { as: 'holder', body: { sub: subs.designer, entry: 'calbee:admin' } }),
        403,
        3,
      );
      expectStatus(
        await call('POST', '/api/core/roles/set', { as: 'designer', body: { sub: subs.designer, entry: 'calbee:admin' } }),
        403,
        3,
      );
      for (const entry of ['calbee:*', '*:admin', 'calbee', 'calbee:a:b', 'a b:c', '', 'calbee:*:licensee:*']) {
        expectInvalid(await call('POST', '/api/core/roles/set', { as: 'admin', body: { sub: subs.designer, entry } }), 'entry');
      }
      expectInvalid(await call('POST', '/api/core/roles/set', { as: 'admin', body: { entry: 'calbee:boss' } }), 'sub');
      expectStatus(
        await call('POST', '/api/core/roles/set', { as: 'admin', body: { sub: 'nobody', entry: 'calbee:boss' } }),
        404,
        2,
      );
      expect(await entries(subs.designer!)).toEqual(entriesBefore);
      expect(await logRows('acl.grant')).toHaveLength(before);
    });

    it('roles/revoke: an administrator revokes one entry, logged as acl.revoke; never their own admin entry', async () => {
      const before = (await logRows('acl.revoke')).length;
      expectStatus(
        await call('POST', '/api/core/roles/revoke', { as: 'holder', body: { sub: subs.user, entry: 'calbee:designer' } }),
        403,
        3,
      );
      const res = await call<{ entries: string[] }>('POST', '/api/core/roles/revoke', {
        as: 'admin',
        body: { sub: subs.user, entry: 'calbee:designer' },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data.entries).toEqual(['calbee:user']);
      const rows = await logRows('acl.revoke');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)!.data).toMatchObject({ before: ['calbee:designer', 'calbee:user'], after: ['calbee:user'] });

      const own = await call('POST', '/api/core/roles/revoke', { as: 'admin', body: { sub: subs.admin, entry: 'calbee:admin' } });
      expectInvalid(own, 'entry');
      expect(await entries(subs.admin!)).toContain('calbee:admin');
      expectInvalid(await call('POST', '/api/core/roles/revoke', { as: 'admin', body: { sub: subs.user } }), 'entry');
      expect(await logRows('acl.revoke')).toHaveLength(before + 1);
    });
  });

  describe('users', () => {
    it('users/list: search by e-mail, nickname or name, case-insensitive, paged; never a password hash', async () => {
      const first = await call<{ items: Record<string, unknown>[]; next: string | null }>('POST', '/api/core/users/list', {
        as: 'admin',
        body: { q: 'EXAMPLE.COM', limit: 4 },
      });
      expectStatus(first, 200, 0);
      expect(first.json.data.items).toHaveLength(4);
      expect(first.json.data.next).toEqual(expect.any(String));
      const seen = new Set<string>();
      let page = first.json.data;
      for (;;) {
        for (const item of page.items) {
          expect(Object.keys(item)).not.toContain('password_hash');
          expect(Object.keys(item)).not.toContain('passwordHash');
          expect(seen.has(item.email as string)).toBe(false);
          seen.add(item.email as string);
        }
        if (!page.next) break;
        const next = await call<typeof page>('POST', '/api/core/users/list', {
          as: 'admin',
          body: { q: 'example.com', limit: 4, cursor: page.next },
        });
        page = next.json.data;
      }
      expect(seen.size).toBe(demoAccounts.length);
      const emails = [...seen];
      expect(emails).toEqual([...emails].sort());

      const legal = await call<{ items: { email: string }[] }>('POST', '/api/core/users/list', {
        as: 'legal-approver',
        body: { q: 'LeGaL' },
      });
      expect(legal.json.data.items.map((i) => i.email).sort()).toEqual(['legal-manager@example.com', 'legal@example.com']);
      const byName = await call<{ items: { email: string }[] }>('POST', '/api/core/users/list', {
        as: 'boss',
        body: { q: '愛子' },
      });
      expect(byName.json.data.items.map((i) => i.email)).toEqual(['admin@example.com']);
      const literal = await call<{ items: unknown[] }>('POST', '/api/core/users/list', { as: 'admin', body: { q: '%_' } });
      expect(literal.json.data.items).toEqual([]);
      const all = await call<{ items: unknown[] }>('POST', '/api/core/users/list', { as: 'admin' });
      expect(all.json.data.items.length).toBeGreaterThan(0);
    });

    it('users/list: refused for non-holder roles; bad paging is status 5', async () => {
      expectStatus(await call('POST', '/api/core/users/list', { as: 'designer', body: {} }), 403, 3);
      expectStatus(await call('POST', '/api/core/users/list', { as: 'licensee-owner', body: {} }), 403, 3);
      expectInvalid(await call('POST', '/api/core/users/list', { as: 'admin', body: { limit: 101 } }), 'limit');
      expectInvalid(await call('POST', '/api/core/users/list', { as: 'admin', body: { limit: 'ten', q: 7 } }), 'limit', 'q');
      expectInvalid(await call('POST', '/api/core/users/list', { as: 'admin', body: { cursor: '!!!' } }), 'cursor');
    });

    it('users/get: self, administrators and holder roles see a user with entries; others get not found', async () => {
      for (const as of ['designer', 'admin', 'holder', 'boss']) {
        const res = await call<Record<string, unknown>>('POST', '/api/core/users/get', { as, body: { sub: subs.designer } });
        expectStatus(res, 200, 0);
        expect(res.json.data).toMatchObject({
          sub: subs.designer,
          email: 'designer@example.com',
          first_name: '翔',
          access: ['calbee:designer', 'calbee:user'],
        });
        expect(Object.keys(res.json.data)).not.toContain('passwordHash');
        expect(Object.keys(res.json.data)).not.toContain('password_hash');
      }
      expectStatus(await call('POST', '/api/core/users/get', { as: 'designer', body: { sub: subs.admin } }), 404, 2);
      expectStatus(await call('POST', '/api/core/users/get', { as: 'admin', body: { sub: 'missing' } }), 404, 2);
      expectInvalid(await call('POST', '/api/core/users/get', { as: 'admin', body: { sub: '' } }), 'sub');
    });

    it('users/set: administrators change names, language or status, logged as user.set with before/after', async () => {
      const before = (await logRows('user.set')).length;
      const res = await call<{ nickname: string; changed: boolean }>('POST', '/api/core/users/set', {
        as: 'admin',
        body: { sub: subs.user, nickname: 'renamed', lang: 'en' },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data).toMatchObject({ nickname: 'renamed', lang: 'en', changed: true });
      const rows = await logRows('user.set');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)!.data).toEqual({
        sub: subs.user,
        before: { nickname: 'user', lang: 'jp' },
        after: { nickname: 'renamed', lang: 'en' },
      });
      // The same values again: nothing changes, nothing is logged.
      await call('POST', '/api/core/users/set', { as: 'admin', body: { sub: subs.user, nickname: 'renamed' } });
      expect(await logRows('user.set')).toHaveLength(before + 1);
      // Put it back for the other tests.
      await call('POST', '/api/core/users/set', { as: 'admin', body: { sub: subs.user, nickname: 'user', lang: 'jp' } });
      expect(await logRows('user.set')).toHaveLength(before + 2);
    });

    it('users/set: refused for others; bad fields are status 5 and change nothing', async () => {
      const before = (await logRows('user.set')).length;
      expectStatus(await call('POST', '/api/core/users/set', { as: 'holder', body: { sub: subs.user, nickname: 'x' } }), 403, 3);
      expectStatus(await call('POST', '/api/core/users/set', { as: 'user', body: { sub: subs.user, nickname: 'x' } }), 403, 3);
      const bad = await call('POST', '/api/core/users/set', {
        as: 'admin',
        body: { sub: subs.user, lang: 'fr', status: -1, email: 'new@example.com', nickname: 'x'.repeat(101) },
      });
      expectInvalid(bad, 'lang', 'status', 'email', 'nickname');
      expect((bad.json.data as Invalid).codes.email).toEqual({ code: 'unknownField' });
      expectInvalid(await call('POST', '/api/core/users/set', { as: 'admin', body: { sub: subs.admin, status: 1 } }), 'status');
      const db = await getDb();
      const [row] = await db.select().from(users).where(eq(users.sub, subs.user!));
      expect(row).toMatchObject({ nickname: 'user', lang: 'jp', email: 'user@example.com', status: 0 });
      expect(await logRows('user.set')).toHaveLength(before);
    });

    it('users/acl: administrators and the user themselves', async () => {
      const res = await call<{ entries: string[] }>('POST', '/api/core/users/acl', { as: 'admin', body: { sub: subs.boss } });
      expect(res.json.data.entries).toEqual(['calbee:boss', 'calbee:user']);
      const self = await call<{ entries: string[] }>('POST', '/api/core/users/acl', { as: 'boss', body: { sub: subs.boss } });
      expect(self.json.data.entries).toEqual(['calbee:boss', 'calbee:user']);
      expectStatus(await call('POST', '/api/core/users/acl', { as: 'holder', body: { sub: subs.boss } }), 404, 2);
      expectInvalid(await call('POST', '/api/core/users/acl', { as: 'admin', body: { user: subs.boss } }), 'sub', 'user');
    });

    it('users/acl/set: an administrator replaces the whole set, logged with before and after', async () => {
      const before = (await logRows('acl.set')).length;
      const res = await call<{ entries: string[] }>('POST', '/api/core/users/acl/set', {
        as: 'admin',
        body: { sub: subs.user, entries: ['calbee:user', 'calbee:licensee', 'calbee:user'] },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data.entries).toEqual(['calbee:licensee', 'calbee:user']);
      const rows = await logRows('acl.set');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)!.data).toMatchObject({ before: ['calbee:user'], after: ['calbee:licensee', 'calbee:user'] });

      const entriesNow = await entries(subs.user!);
      expectStatus(
        await call('POST', '/api/core/users/acl/set', { as: 'holder', body: { sub: subs.user, entries: [] } }),
        403,
        3,
      );
      const bad = await call('POST', '/api/core/users/acl/set', {
        as: 'admin',
        body: { sub: subs.user, entries: ['calbee:user', 'calbee:*', 'nope'] },
      });
      expectInvalid(bad, 'entries.1', 'entries.2');
      expectInvalid(await call('POST', '/api/core/users/acl/set', { as: 'admin', body: { sub: subs.user } }), 'entries');
      expectInvalid(
        await call('POST', '/api/core/users/acl/set', { as: 'admin', body: { sub: subs.admin, entries: ['calbee:user'] } }),
        'entries',
      );
      expect(await entries(subs.user!)).toEqual(entriesNow);
      expect(await logRows('acl.set')).toHaveLength(before + 1);

      // Back to the seeded set.
      await call('POST', '/api/core/users/acl/set', { as: 'admin', body: { sub: subs.user, entries: ['calbee:user'] } });
      expect(await entries(subs.user!)).toEqual(['calbee:user']);
    });

    it('users/acl/request: a pending request per entry; duplicates refused; own list, admins see all pending', async () => {
      const adminLogBefore = await (await getDb()).$count(adminLog);
      const res = await call<{ key: string; state: string; entry: string; sub: string }>('POST', '/api/core/users/acl/request', {
        as: 'user',
        body: { entry: 'calbee:designer', reason: 'I draw' },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data).toMatchObject({ state: 'pending', entry: 'calbee:designer', sub: subs.user });

      const duplicate = await call('POST', '/api/core/users/acl/request', { as: 'user', body: { entry: 'calbee:designer' } });
      expectInvalid(duplicate, 'entry');
      expectInvalid(await call('POST', '/api/core/users/acl/request', { as: 'user', body: { entry: 'calbee:user' } }), 'entry');
      expectInvalid(await call('POST', '/api/core/users/acl/request', { as: 'user', body: { entry: 'calbee:*' } }), 'entry');
      expectInvalid(
        await call('POST', '/api/core/users/acl/request', {
          as: 'user',
          body: { entry: 'calbee:boss', reason: 'x'.repeat(1001) },
        }),
        'reason',
      );
      const db = await getDb();
      expect(await db.$count(aclRequests, eq(aclRequests.sub, subs.user!))).toBe(1);

      await call('POST', '/api/core/users/acl/request', { as: 'designer', body: { entry: 'calbee:licensee' } });
      const own = await call<{ items: { sub: string; entry: string }[] }>('GET', '/api/core/users/acl/request', { as: 'user' });
      expectStatus(own, 200, 0);
      expect(own.json.data.items.map((i) => i.entry)).toEqual(['calbee:designer']);
      const forAdmin = await call<{ items: { sub: string }[] }>('GET', '/api/core/users/acl/request', { as: 'admin' });
      expect(forAdmin.json.data.items.map((i) => i.sub).sort()).toEqual([subs.user, subs.designer].sort());
      // A request is not a role change: no admin log.
      expect(await db.$count(adminLog)).toBe(adminLogBefore);
    });

    it('users/acl/revoke: administrators only, logged as acl.revoke', async () => {
      await call('POST', '/api/core/roles/set', { as: 'admin', body: { sub: subs.user, entry: 'calbee:licensee' } });
      const before = (await logRows('acl.revoke')).length;
      expectStatus(
        await call('POST', '/api/core/users/acl/revoke', { as: 'user', body: { sub: subs.user, entry: 'calbee:licensee' } }),
        403,
        3,
      );
      const res = await call<{ entries: string[] }>('POST', '/api/core/users/acl/revoke', {
        as: 'admin',
        body: { sub: subs.user, entry: 'calbee:licensee' },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data.entries).toEqual(['calbee:user']);
      expectInvalid(await call('POST', '/api/core/users/acl/revoke', { as: 'admin', body: { entry: 'calbee:user' } }), 'sub');
      const rows = await logRows('acl.revoke');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)!.data).toMatchObject({ before: ['calbee:licensee', 'calbee:user'], after: ['calbee:user'] });
    });

    it('users/profile: the caller’s own full profile', async () => {
      const res = await call<Record<string, unknown>>('GET', '/api/core/users/profile', { as: 'licensee-staff' });
      expectStatus(res, 200, 0);
      expect(Object.keys(res.json.data).sort()).toEqual(
        [
          'access',
          'accepted_terms_version',
          'email',
          'first_name',
          'lang',
          'last_name',
          'mail_digest',
          'mail_off',
          'nickname',
          'picture',
          'sub',
          'wallet',
        ].sort(),
      );
      expect(res.json.data).toMatchObject({ sub: subs['licensee-staff'], email: 'licensee-staff@example.com', wallet: null });
    });

    it('users/get/profile: public fields only, for anyone signed in', async () => {
      const res = await call<Record<string, unknown>>('POST', '/api/core/users/get/profile', {
        as: 'user',
        body: { sub: subs.admin },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data).toEqual({ sub: subs.admin, nickname: 'admin', first_name: '愛子', last_name: '管理', picture: null });
      expectStatus(await call('POST', '/api/core/users/get/profile', { as: 'user', body: { sub: 'missing' } }), 404, 2);
      expectInvalid(await call('POST', '/api/core/users/get/profile', { as: 'user', body: {} }), 'sub');
    });

    it('users/profile/update: the caller’s own fields; wallet must be an EVM address', async () => {
      const wallet = '0x' + 'aB'.repeat(20);
      const res = await call<Record<string, unknown>>('POST', '/api/core/users/profile/update', {
        as: 'corporate-designer',
        body: { nickname: 'studio-k', wallet, picture: '/avatars/1.png' },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data).toMatchObject({ nickname: 'studio-k', wallet, picture: '/avatars/1.png' });
      const bad = await call('POST', '/api/core/users/profile/update', {
        as: 'corporate-designer',
        body: { wallet: '0x123', lang: 'fr', picture: 'javascript:alert(1)', email: 'x@example.com' },
      });
      expectInvalid(bad, 'wallet', 'lang', 'picture', 'email');
      const db = await getDb();
      const [row] = await db.select().from(users).where(eq(users.sub, subs['corporate-designer']!));
      expect(row).toMatchObject({ wallet, lang: 'en', nickname: 'studio-k', email: 'studio@example.com' });
    });

    it('users/getbio and users/setbio: own bio, up to 5000 characters, readable by others', async () => {
      const set = await call('POST', '/api/core/users/setbio', { as: 'designer', body: { bio: 'Designer of snacks.' } });
      expectStatus(set, 200, 0);
      const got = await call<{ bio: string }>('POST', '/api/core/users/getbio', { as: 'user', body: { sub: subs.designer } });
      expect(got.json.data.bio).toBe('Designer of snacks.');
      expectInvalid(await call('POST', '/api/core/users/setbio', { as: 'designer', body: { bio: 'x'.repeat(5001) } }), 'bio');
      expectInvalid(await call('POST', '/api/core/users/setbio', { as: 'designer', body: { bio: 'a\u0000b' } }), 'bio');
      expectInvalid(await call('POST', '/api/core/users/setbio', { as: 'designer', body: { sub: subs.user, bio: 'x' } }), 'sub');
      const again = await call<{ bio: string }>('POST', '/api/core/users/getbio', {
        as: 'designer',
        body: { sub: subs.designer },
      });
      expect(again.json.data.bio).toBe('Designer of snacks.');
      expectStatus(await call('POST', '/api/core/users/getbio', { as: 'user', body: { sub: 'missing' } }), 404, 2);
      expectInvalid(await call('POST', '/api/core/users/getbio', { as: 'user', body: {} }), 'sub');
    });

    it('users/get/eth and users/get/wallet: the wallet address to self, administrators and holder roles', async () => {
      const wallet = '0x' + '1'.repeat(40);
      await call('POST', '/api/core/users/profile/update', { as: 'designer', body: { wallet } });
      const own = await call<{ address: string | null }>('GET', '/api/core/users/get/wallet', { as: 'designer' });
      expectStatus(own, 200, 0);
      expect(own.json.data).toEqual({ address: wallet });
      const none = await call<{ address: string | null }>('GET', '/api/core/users/get/wallet', { as: 'user' });
      expect(none.json.data).toEqual({ address: null });
      for (const as of ['designer', 'admin', 'legal-approver']) {
        const res = await call<{ address: string | null }>('POST', '/api/core/users/get/eth', {
          as,
          body: { sub: subs.designer },
        });
        expectStatus(res, 200, 0);
        expect(res.json.data.address).toBe(wallet);
      }
      expectStatus(await call('POST', '/api/core/users/get/eth', { as: 'user', body: { sub: subs.designer } }), 404, 2);
      expectInvalid(await call('POST', '/api/core/users/get/eth', { as: 'admin', body: { sub: ['x'] } }), 'sub');
    });
  });

  describe('short URIs', () => {
    it('shorturi/new: same-site paths and addresses only; get counts hits; /s/{key} redirects with 302', async () => {
      const res = await call<{ key: string; url: string; short: string }>('POST', '/api/core/shorturi/new', {
        as: 'user',
        body: { url: '/jp/holder/ip?page=2' },
      });
      expectStatus(res, 200, 0);
      const { key, short } = res.json.data;
      expect(key).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(short).toBe(`${TEST_APP_URL}/s/${key}`);

      const absolute = await call<{ url: string }>('POST', '/api/core/shorturi/new', {
        as: 'user',
        body: { url: `${TEST_APP_URL}/en/help` },
      });
      expectStatus(absolute, 200, 0);
      expect(absolute.json.data.url).toBe(`${TEST_APP_URL}/en/help`);

      const got = await call<{ url: string }>('POST', '/api/core/shorturi/get', { as: 'designer', body: { key } });
      expectStatus(got, 200, 0);
      expect(got.json.data.url).toBe('/jp/holder/ip?page=2');
      const db = await getDb();
      const [row] = await db.select().from(shortUris).where(eq(shortUris.key, key));
      expect(row).toMatchObject({ hits: 1, owner: subs.user });

      const page = await shortRedirect({ params: { key } } as unknown as GetServerSidePropsContext);
      expect(page).toEqual({ redirect: { destination: '/jp/holder/ip?page=2', statusCode: 302 } });
      expect(await shortRedirect({ params: { key: 'nope1234' } } as unknown as GetServerSidePropsContext)).toEqual({
        notFound: true,
      });
      expect(await shortRedirect({ params: { key: '../../x' } } as unknown as GetServerSidePropsContext)).toEqual({
        notFound: true,
      });
    });

    it('shorturi/new: refuses off-site URLs with status 5 and stores nothing', async () => {
      const db = await getDb();
      const before = await db.$count(shortUris);
      for (const url of [
        'https://evil.example.com/phish',
        '//evil.example.com/x',
        '/\\evil.example.com',
        'javascript:alert(1)',
        'http://localhost:4000/x',
        `${TEST_APP_URL.replace('http:', 'https:')}/x`,
        `http://user:pw@localhost:3999/x`,
        'relative/path',
        '/has space',
      ]) {
        const res = await call('POST', '/api/core/shorturi/new', { as: 'user', body: { url } });
        expectInvalid(res, 'url');
      }
      expectInvalid(await call('POST', '/api/core/shorturi/new', { as: 'user', body: { url: '/' + 'a'.repeat(2048) } }), 'url');
      expectInvalid(await call('POST', '/api/core/shorturi/new', { as: 'user', body: {} }), 'url');
      expect(await db.$count(shortUris)).toBe(before);
    });

    it('shorturi/drop: the owner or an administrator; others are refused', async () => {
      const made = await call<{ key: string }>('POST', '/api/core/shorturi/new', { as: 'user', body: { url: '/jp/help' } });
      const { key } = made.json.data;
      expectStatus(await call('POST', '/api/core/shorturi/drop', { as: 'designer', body: { key } }), 403, 3);
      expectStatus(await call('POST', '/api/core/shorturi/drop', { as: 'user', body: { key } }), 200, 0);
      expectStatus(await call('POST', '/api/core/shorturi/get', { as: 'user', body: { key } }), 404, 2);
      expectStatus(await call('POST', '/api/core/shorturi/drop', { as: 'user', body: { key } }), 404, 2);

      const other = await call<{ key: string }>('POST', '/api/core/shorturi/new', { as: 'designer', body: { url: '/jp' } });
      expectStatus(await call('POST', '/api/core/shorturi/drop', { as: 'admin', body: { key: other.json.data.key } }), 200, 0);
      expectInvalid(await call('POST', '/api/core/shorturi/drop', { as: 'user', body: { key: 'short' } }), 'key');
      expectInvalid(await call('POST', '/api/core/shorturi/get', { as: 'user', body: { key: 12345678 } }), 'key');
    });
  });
});
