import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { holders, licensees } from '@/lib/server/db/entities-schema';
import { adminLog, userAccess } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import * as aclById from '@/pages/api/acl/[id]';
import * as roleApprover from '@/pages/api/role/approver/[x]';
import * as roleBoss from '@/pages/api/role/boss';
import * as roleContract from '@/pages/api/role/contract';
import * as roleGet from '@/pages/api/role/get';
import * as roleLicensee from '@/pages/api/role/licensee/[x]';
import * as roleLog from '@/pages/api/role/log';
import * as roleManager from '@/pages/api/role/manager/[x]';
import * as roleSet from '@/pages/api/role/set';
import { matchRoute, serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Invalid {
  message?: string;
  errors: Record<string, string>;
  codes: Record<string, { code: string }>;
}
interface Person {
  sub: string;
  nickname: string;
  first_name: string;
  last_name: string;
  email: string;
}

const ROUTES: [string, RouteModule][] = [
  ['/api/role/get', roleGet],
  ['/api/role/set', roleSet],
  ['/api/role/manager/[x]', roleManager],
  ['/api/role/approver/[x]', roleApprover],
  ['/api/role/boss', roleBoss],
  ['/api/role/contract', roleContract],
  ['/api/role/licensee/[x]', roleLicensee],
  ['/api/role/log', roleLog],
  ['/api/acl/[id]', aclById],
];

const servers: [string, RouteServer][] = [];
const subs: Record<string, string> = {};
const tokens: Record<string, string> = {};
let demoOrg = '';
let otherOrg = '';

async function call<T = unknown>(
  method: string,
  path: string,
  options: { as?: string; body?: unknown } = {},
): Promise<{ status: number; json: Envelope<T> }> {
  const server = servers.find(([pattern]) => matchRoute(pattern, path.split('?')[0]!))?.[1];
  if (!server) throw new Error(`no server for ${path}`);
  const headers: Record<string, string> = options.as ? { authorization: `Bearer ${tokens[options.as]}` } : {};
  const res = await server.request<Envelope<T>>(method, path, { headers, body: options.body });
  return { status: res.status, json: res.json };
}

async function logRows(action: string) {
  const db = await getDb();
  return db.select().from(adminLog).where(eq(adminLog.action, action));
}

async function logCount(): Promise<number> {
  return (await getDb()).$count(adminLog);
}

async function entries(sub: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, sub));
  return rows.map((r) => r.entry).sort();
}

async function holder() {
  const db = await getDb();
  const [row] = await db.select().from(holders).where(eq(holders.is_default, true));
  return row!;
}

function expectInvalid(res: { status: number; json: Envelope<unknown> }, ...fields: string[]) {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json.status).toBe(5);
  const data = res.json.data as Invalid;
  for (const field of fields) {
    expect(typeof data.errors[field], `error for ${field} in ${JSON.stringify(data.errors)}`).toBe('string');
  }
}

function expectStatus(res: { status: number; json: Envelope<unknown> }, http: number, status: number) {
  expect(res.status, JSON.stringify(res.json)).toBe(http);
  expect(res.json.status).toBe(status);
}

describe('product API: roles', () => {
  beforeAll(async () => {
    await ensureReady();
    for (const [pattern, mod] of ROUTES) servers.push([pattern, await serveRoute(mod, pattern)]);
    for (const account of demoAccounts) {
      subs[account.id] = await subOf(account.email);
      tokens[account.id] = await issueAccessToken(subs[account.id]!);
    }
    const db = await getDb();
    const [org] = await db.select({ key: licensees.key }).from(licensees).where(eq(licensees.owner, subs['licensee-owner']!));
    demoOrg = org!.key;
    otherOrg = newKey();
    await db.insert(licensees).values({ key: otherOrg, name: 'Other Foods Inc.' });
  });
  afterAll(async () => {
    for (const [, server] of servers) await server.close();
  });

  it('every route: no credentials is 401 status 8', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/role/get'],
      ['POST', '/api/role/set'],
      ['POST', '/api/role/manager/legal'],
      ['DELETE', '/api/role/manager/legal'],
      ['POST', '/api/role/approver/legal'],
      ['DELETE', '/api/role/approver/legal'],
      ['POST', '/api/role/boss'],
      ['DELETE', '/api/role/boss'],
      ['GET', '/api/role/contract'],
      ['POST', '/api/role/contract'],
      ['DELETE', '/api/role/contract'],
      ['GET', `/api/role/licensee/${demoOrg}`],
      ['POST', `/api/role/licensee/${demoOrg}`],
      ['DELETE', `/api/role/licensee/${demoOrg}`],
      ['GET', `/api/acl/${subs.user}`],
      ['PUT', `/api/acl/${subs.user}`],
    ];
    for (const [method, path] of calls) {
      const res = await call(method, path, { body: method === 'GET' ? undefined : { sub: subs.user } });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ status: 8, data: 'invalid session' });
    }
  });

  it('every route: malformed bodies are 4xx, never 5xx, and log nothing', async () => {
    const before = await logCount();
    const paths = [
      '/api/role/set',
      '/api/role/manager/legal',
      '/api/role/approver/legal',
      '/api/role/boss',
      '/api/role/contract',
      `/api/role/licensee/${demoOrg}`,
      `/api/acl/${subs.user}`,
    ];
    const bodies: unknown[] = [
      null,
      'text',
      7,
      [],
      { sub: null },
      { sub: { a: 1 } },
      { sub: 'x'.repeat(200) },
      { sub: 'a\u0000' },
    ];
    for (const path of paths) {
      for (const method of ['POST', 'DELETE', 'PUT']) {
        for (const body of bodies) {
          const res = await call(method, path, { as: 'admin', body });
          expect(res.status, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(res.json)}`).toBeLessThan(500);
        }
      }
    }
    for (const path of ['/api/acl/%00', `/api/acl/${'x'.repeat(300)}`, '/api/role/licensee/%00', '/api/role/licensee/a%20b']) {
      const res = await call('GET', path, { as: 'admin' });
      expectStatus(res, 404, 2);
    }
    expect(await logCount()).toBe(before);
  });

  describe('/api/role/get', () => {
    it('holder roles see the approver groups and manager lists with people', async () => {
      for (const as of ['admin', 'boss', 'holder']) {
        const res = await call<{ approver: Record<string, Person[]>; manager_legal: Person[]; manager_brand: Person[] }>(
          'GET',
          '/api/role/get',
          { as },
        );
        expectStatus(res, 200, 0);
        expect(res.json.data.approver.legal).toEqual([
          { sub: subs['legal-approver'], nickname: 'legal', first_name: 'LEGAL', last_name: '承認', email: 'legal@example.com' },
        ]);
        expect(res.json.data.approver.boss!.map((p) => p.email)).toEqual(['boss@example.com']);
        expect(res.json.data.manager_legal.map((p) => p.email)).toEqual(['legal-manager@example.com']);
        expect(res.json.data.manager_brand.map((p) => p.email)).toEqual(['brand-manager@example.com']);
      }
    });

    it('others are refused', async () => {
      for (const as of ['designer', 'licensee-owner', 'user']) expectStatus(await call('GET', '/api/role/get', { as }), 403, 3);
    });
  });

  describe('/api/role/set', () => {
    it('adds a person to a list of the default holder, logged with before/after', async () => {
      const before = (await logRows('holder.approver.add')).length;
      const res = await call<{ members: string[]; changed: boolean }>('POST', '/api/role/set', {
        as: 'admin',
        body: { type: 'approver_brand', sub: subs.designer },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data.members).toEqual([subs['brand-approver'], subs.designer]);
      expect((await holder()).approver.brand).toEqual([{ sub: subs['brand-approver'] }, { sub: subs.designer }]);
      const rows = await logRows('holder.approver.add');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)!.data).toEqual({
        type: 'approver_brand',
        sub: subs.designer,
        before: [subs['brand-approver']],
        after: [subs['brand-approver'], subs.designer],
      });
      expect(rows.at(-1)!.ref).toBe((await holder()).key);

      // Already there: no change, no log.
      const again = await call<{ changed: boolean }>('POST', '/api/role/set', {
        as: 'admin',
        body: { type: 'approver_brand', sub: subs.designer },
      });
      expect(again.json.data.changed).toBe(false);
      expect(await logRows('holder.approver.add')).toHaveLength(before + 1);

      const manager = await call<{ members: string[] }>('POST', '/api/role/set', {
        as: 'holder',
        body: { type: 'manager_cfl', sub: subs.user },
      });
      expectStatus(manager, 200, 0);
      expect((await holder()).manager_cfl.map((r) => r.sub)).toEqual([subs['cfl-manager'], subs.user]);
      expect((await logRows('holder.manager.add')).at(-1)!.data).toMatchObject({
        type: 'manager_cfl',
        after: manager.json.data.members,
      });
      // Tidy up through the manager route.
      expectStatus(await call('DELETE', '/api/role/manager/cfl', { as: 'admin', body: { sub: subs.user } }), 200, 0);
      expectStatus(await call('DELETE', '/api/role/approver/brand', { as: 'admin', body: { sub: subs.designer } }), 200, 0);

      // The holder's role log has the changes, newest first, naming the person each was about.
      const log = await call<{ items: { action: string; person: { sub: string } | null }[] }>('GET', '/api/role/log?limit=5', {
        as: 'holder',
      });
      expectStatus(log, 200, 0);
      expect(log.json.data.items[0]).toMatchObject({ action: 'holder.approver.remove', person: { sub: subs.designer } });
    });

    it('"type and person both required": a missing type or person is status 5 with that message', async () => {
      const before = await logCount();
      const holderBefore = await holder();
      for (const body of [
        {},
        { type: 'approver_legal' },
        { sub: subs.designer },
        { type: '', sub: '' },
        { type: 'approver_legal', sub: ' ' },
      ]) {
        const res = await call('POST', '/api/role/set', { as: 'admin', body });
        expectInvalid(res);
        const data = res.json.data as Invalid;
        expect(data.message, JSON.stringify(body)).toBe('type and person both required');
        expect(Object.keys(data.errors).length).toBeGreaterThan(0);
      }
      const missingType = await call('POST', '/api/role/set', { as: 'admin', body: { sub: subs.designer } });
      expectInvalid(missingType, 'type');
      const missingSub = await call('POST', '/api/role/set', { as: 'admin', body: { type: 'approver_cfl' } });
      expectInvalid(missingSub, 'sub');

      const badType = await call('POST', '/api/role/set', { as: 'admin', body: { type: 'approver_ceo', sub: subs.designer } });
      expectInvalid(badType, 'type');
      expect((badType.json.data as Invalid).codes.type).toMatchObject({ code: 'choice' });
      expectStatus(await call('POST', '/api/role/set', { as: 'admin', body: { type: 'approver_cfl', sub: 'nobody' } }), 404, 2);
      expect(await logCount()).toBe(before);
      expect(await holder()).toEqual(holderBefore);
    });

    it('is refused to roles that may change no list', async () => {
      for (const as of ['designer', 'licensee-owner', 'boss', 'user']) {
        expectStatus(await call('POST', '/api/role/set', { as, body: { type: 'approver_legal', sub: subs.user } }), 403, 3);
      }
      // A legal manager: legal approvers yes, other lists no.
      expectStatus(
        await call('POST', '/api/role/set', { as: 'legal-manager', body: { type: 'approver_brand', sub: subs.user } }),
        403,
        3,
      );
      expectStatus(
        await call('POST', '/api/role/set', { as: 'legal-manager', body: { type: 'manager_legal', sub: subs.user } }),
        403,
        3,
      );
    });
  });

  describe('/api/role/manager/{x}', () => {
    it('administrators and the product role add and remove managers, each change logged', async () => {
      const added = (await logRows('holder.manager.add')).length;
      const removed = (await logRows('holder.manager.remove')).length;
      const res = await call<{ members: string[] }>('POST', '/api/role/manager/legal', {
        as: 'holder',
        body: { sub: subs.designer },
      });
      expectStatus(res, 200, 0);
      expect((await holder()).manager_legal.map((r) => r.sub)).toEqual([subs['legal-manager'], subs.designer]);
      const del = await call('DELETE', '/api/role/manager/legal', { as: 'admin', body: { sub: subs.designer } });
      expectStatus(del, 200, 0);
      expect((await holder()).manager_legal.map((r) => r.sub)).toEqual([subs['legal-manager']]);
      expect(await logRows('holder.manager.add')).toHaveLength(added + 1);
      const removals = await logRows('holder.manager.remove');
      expect(removals).toHaveLength(removed + 1);
      expect(removals.at(-1)!.data).toEqual({
        type: 'manager_legal',
        sub: subs.designer,
        before: [subs['legal-manager'], subs.designer],
        after: [subs['legal-manager']],
      });
      // Removing someone absent changes nothing.
      const again = await call<{ changed: boolean }>('DELETE', '/api/role/manager/legal', {
        as: 'admin',
        body: { sub: subs.designer },
      });
      expect(again.json.data.changed).toBe(false);
      expect(await logRows('holder.manager.remove')).toHaveLength(removed + 1);
    });

    it('refuses others, unknown groups and bad bodies', async () => {
      const before = await logCount();
      // A manager holds the product role too, but changes no manager list (holderAuthority).
      for (const as of ['designer', 'boss', 'licensee-owner', 'legal-manager']) {
        expectStatus(await call('POST', '/api/role/manager/brand', { as, body: { sub: subs.user } }), 403, 3);
      }
      expectStatus(await call('POST', '/api/role/manager/boss', { as: 'admin', body: { sub: subs.user } }), 404, 2);
      expectStatus(await call('POST', '/api/role/manager/LEGAL', { as: 'admin', body: { sub: subs.user } }), 404, 2);
      expectInvalid(await call('POST', '/api/role/manager/brand', { as: 'admin', body: {} }), 'sub');
      expectInvalid(
        await call('DELETE', '/api/role/manager/brand', { as: 'admin', body: { sub: subs.user, type: 'x' } }),
        'type',
      );
      expectStatus(await call('POST', '/api/role/manager/brand', { as: 'admin', body: { sub: 'nobody' } }), 404, 2);
      expect(await logCount()).toBe(before);
    });
  });

  describe('/api/role/approver/{x}', () => {
    it('a legal manager assigns a legal approver but not a brand approver', async () => {
      const before = (await logRows('holder.approver.add')).length;
      const res = await call<{ members: string[] }>('POST', '/api/role/approver/legal', {
        as: 'legal-manager',
        body: { sub: subs.designer },
      });
      expectStatus(res, 200, 0);
      expect((await holder()).approver.legal.map((r) => r.sub)).toEqual([subs['legal-approver'], subs.designer]);
      expect(await logRows('holder.approver.add')).toHaveLength(before + 1);

      const brandBefore = (await holder()).approver.brand;
      const refused = await call('POST', '/api/role/approver/brand', { as: 'legal-manager', body: { sub: subs.designer } });
      expectStatus(refused, 403, 3);
      // Refused whatever the body.
      expectStatus(await call('POST', '/api/role/approver/brand', { as: 'legal-manager', body: {} }), 403, 3);
      expectStatus(await call('POST', '/api/role/approver/boss', { as: 'legal-manager', body: { sub: subs.designer } }), 403, 3);
      expect((await holder()).approver.brand).toEqual(brandBefore);
      expect(await logRows('holder.approver.add')).toHaveLength(before + 1);

      const removed = (await logRows('holder.approver.remove')).length;
      expectStatus(
        await call('DELETE', '/api/role/approver/legal', { as: 'legal-manager', body: { sub: subs.designer } }),
        200,
        0,
      );
      expect((await holder()).approver.legal.map((r) => r.sub)).toEqual([subs['legal-approver']]);
      const rows = await logRows('holder.approver.remove');
      expect(rows).toHaveLength(removed + 1);
      expect(rows.at(-1)!.data).toMatchObject({
        before: [subs['legal-approver'], subs.designer],
        after: [subs['legal-approver']],
      });
    });

    it('administrators and the product role assign any group; others are refused', async () => {
      expectStatus(await call('POST', '/api/role/approver/cfl', { as: 'holder', body: { sub: subs.user } }), 200, 0);
      expectStatus(await call('DELETE', '/api/role/approver/cfl', { as: 'admin', body: { sub: subs.user } }), 200, 0);
      expect((await holder()).approver.cfl.map((r) => r.sub)).toEqual([subs['cfl-approver']]);
      for (const as of ['designer', 'licensee-staff', 'boss', 'user']) {
        expectStatus(await call('POST', '/api/role/approver/cfl', { as, body: { sub: subs.user } }), 403, 3);
      }
      expectStatus(await call('POST', '/api/role/approver/ceo', { as: 'admin', body: { sub: subs.user } }), 404, 2);
      expectInvalid(await call('POST', '/api/role/approver/cfl', { as: 'admin', body: { sub: '' } }), 'sub');
    });
  });

  describe('/api/role/boss', () => {
    it('grants the boss approver group and the boss entry together, in one log entry', async () => {
      const before = await logCount();
      const res = await call<{ members: string[]; access: string[] }>('POST', '/api/role/boss', {
        as: 'admin',
        body: { sub: subs.user },
      });
      expectStatus(res, 200, 0);
      expect((await holder()).approver.boss.map((r) => r.sub)).toEqual([subs.boss, subs.user]);
      expect(await entries(subs.user!)).toEqual(['calbee:boss', 'calbee:user']);
      expect(await logCount()).toBe(before + 1);
      const [row] = await logRows('holder.boss.add');
      expect(row!.sub).toBe(subs.admin);
      expect(row!.data).toEqual({
        sub: subs.user,
        entry: 'calbee:boss',
        before: { approver_boss: [subs.boss], access: ['calbee:user'] },
        after: { approver_boss: [subs.boss, subs.user], access: ['calbee:boss', 'calbee:user'] },
      });

      const again = await call<{ changed: boolean }>('POST', '/api/role/boss', { as: 'holder', body: { sub: subs.user } });
      expect(again.json.data.changed).toBe(false);
      expect(await logCount()).toBe(before + 1);

      const del = await call('DELETE', '/api/role/boss', { as: 'holder', body: { sub: subs.user } });
      expectStatus(del, 200, 0);
      expect((await holder()).approver.boss.map((r) => r.sub)).toEqual([subs.boss]);
      expect(await entries(subs.user!)).toEqual(['calbee:user']);
      expect(await logCount()).toBe(before + 2);
      const [removal] = await logRows('holder.boss.remove');
      expect(removal!.data).toMatchObject({
        before: { approver_boss: [subs.boss, subs.user], access: ['calbee:boss', 'calbee:user'] },
        after: { approver_boss: [subs.boss], access: ['calbee:user'] },
      });
    });

    it('refuses others and bad bodies, changing nothing', async () => {
      const before = await logCount();
      for (const as of ['boss', 'designer', 'legal-manager', 'cfl-manager']) {
        expectStatus(await call('POST', '/api/role/boss', { as, body: { sub: subs.user } }), 403, 3);
      }
      expectInvalid(await call('POST', '/api/role/boss', { as: 'admin', body: { user: subs.user } }), 'sub', 'user');
      expectStatus(await call('POST', '/api/role/boss', { as: 'admin', body: { sub: 'nobody' } }), 404, 2);
      expect(await entries(subs.user!)).toEqual(['calbee:user']);
      expect((await holder()).approver.boss.map((r) => r.sub)).toEqual([subs.boss]);
      expect(await logCount()).toBe(before);
    });
  });

  describe('/api/role/contract', () => {
    it('keeps the signers in holders.config as a JSON string array; each change logged', async () => {
      const empty = await call<{ signers: Person[] }>('GET', '/api/role/contract', { as: 'holder' });
      expectStatus(empty, 200, 0);
      expect(empty.json.data.signers).toEqual([]);
      const before = await logCount();
      expectStatus(await call('POST', '/api/role/contract', { as: 'holder', body: { sub: subs.boss } }), 200, 0);
      expectStatus(await call('POST', '/api/role/contract', { as: 'admin', body: { sub: subs.admin } }), 200, 0);
      expect((await holder()).config.contract_signers).toBe(JSON.stringify([subs.boss, subs.admin]));
      const list = await call<{ signers: Person[] }>('GET', '/api/role/contract', { as: 'admin' });
      expect(list.json.data.signers.map((p) => p.email)).toEqual(['boss@example.com', 'admin@example.com']);
      expectStatus(await call('DELETE', '/api/role/contract', { as: 'holder', body: { sub: subs.boss } }), 200, 0);
      expect((await holder()).config.contract_signers).toBe(JSON.stringify([subs.admin]));
      expect(await logCount()).toBe(before + 3);
      const [removal] = await logRows('holder.contract.remove');
      expect(removal!.data).toEqual({ sub: subs.boss, before: [subs.boss, subs.admin], after: [subs.admin] });
      // Removing someone absent: no change, no log.
      await call('DELETE', '/api/role/contract', { as: 'holder', body: { sub: subs.boss } });
      expect(await logCount()).toBe(before + 3);
    });

    it('refuses others and bad bodies', async () => {
      const before = await logCount();
      for (const as of ['boss', 'designer', 'licensee-owner']) {
        expectStatus(await call('GET', '/api/role/contract', { as }), 403, 3);
        expectStatus(await call('POST', '/api/role/contract', { as, body: { sub: subs.user } }), 403, 3);
      }
      expectStatus(await call('POST', '/api/role/contract', { as: 'legal-manager', body: { sub: subs.user } }), 403, 3);
      expectInvalid(await call('POST', '/api/role/contract', { as: 'admin', body: { sub: 1 } }), 'sub');
      expectStatus(await call('POST', '/api/role/contract', { as: 'admin', body: { sub: 'nobody' } }), 404, 2);
      expect(await logCount()).toBe(before);
    });
  });

  describe('/api/role/licensee/{x}', () => {
    it('the owner lists members and adds a staff member to their own organisation', async () => {
      const list = await call<{ members: (Person & { roles: string[] })[] }>('GET', `/api/role/licensee/${demoOrg}`, {
        as: 'licensee-owner',
      });
      expectStatus(list, 200, 0);
      const members = list.json.data.members
        .map((m) => [m.email, m.roles])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(members).toEqual([
        ['licensee-staff@example.com', ['staff']],
        ['licensee@example.com', ['owner']],
      ]);

      const before = (await logRows('licensee.member.set')).length;
      const res = await call<{ entries: string[] }>('POST', `/api/role/licensee/${demoOrg}`, {
        as: 'licensee-owner',
        body: { sub: subs.user, role: 'staff' },
      });
      expectStatus(res, 200, 0);
      expect(res.json.data.entries).toEqual([`calbee:staff:licensee:${demoOrg}`]);
      expect(await entries(subs.user!)).toEqual([`calbee:staff:licensee:${demoOrg}`, 'calbee:user']);
      const rows = await logRows('licensee.member.set');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)!.data).toEqual({
        licensee: demoOrg,
        sub: subs.user,
        role: 'staff',
        before: [],
        after: [`calbee:staff:licensee:${demoOrg}`],
      });

      // A new sub-role replaces the old one.
      const promoted = await call<{ entries: string[] }>('POST', `/api/role/licensee/${demoOrg}`, {
        as: 'licensee-owner',
        body: { sub: subs.user, role: 'admin' },
      });
      expect(promoted.json.data.entries).toEqual([`calbee:admin:licensee:${demoOrg}`]);
      expect((await logRows('licensee.member.set')).at(-1)!.data).toMatchObject({
        before: [`calbee:staff:licensee:${demoOrg}`],
        after: [`calbee:admin:licensee:${demoOrg}`],
      });
    });

    it('the owner is refused on another organisation; its members and outsiders too', async () => {
      const before = await logCount();
      expectStatus(await call('GET', `/api/role/licensee/${otherOrg}`, { as: 'licensee-owner' }), 404, 2);
      expectStatus(
        await call('POST', `/api/role/licensee/${otherOrg}`, {
          as: 'licensee-owner',
          body: { sub: subs.designer, role: 'staff' },
        }),
        404,
        2,
      );
      expectStatus(
        await call('DELETE', `/api/role/licensee/${otherOrg}`, { as: 'licensee-owner', body: { sub: subs.designer } }),
        404,
        2,
      );
      // A staff member of the organisation: a member, but not one who manages it.
      expectStatus(await call('GET', `/api/role/licensee/${demoOrg}`, { as: 'licensee-staff' }), 403, 3);
      expectStatus(
        await call('POST', `/api/role/licensee/${demoOrg}`, {
          as: 'licensee-staff',
          body: { sub: subs.designer, role: 'staff' },
        }),
        403,
        3,
      );
      expectStatus(await call('GET', `/api/role/licensee/${demoOrg}`, { as: 'designer' }), 404, 2);
      expectStatus(await call('GET', `/api/role/licensee/${newKey()}`, { as: 'admin' }), 404, 2);
      expect(await entries(subs.designer!)).toEqual(['calbee:designer', 'calbee:user']);
      expect(await logCount()).toBe(before);
    });

    it('an organisation admin manages staff but not owners; the last owner stays', async () => {
      // `user` is an admin of the demo organisation since the test above.
      const token = await issueAccessToken(subs.user!);
      tokens['org-admin'] = token;
      expectStatus(
        await call('POST', `/api/role/licensee/${demoOrg}`, { as: 'org-admin', body: { sub: subs.designer, role: 'designer' } }),
        200,
        0,
      );
      expectStatus(
        await call('POST', `/api/role/licensee/${demoOrg}`, { as: 'org-admin', body: { sub: subs.designer, role: 'owner' } }),
        403,
        3,
      );
      expectStatus(
        await call('DELETE', `/api/role/licensee/${demoOrg}`, { as: 'org-admin', body: { sub: subs['licensee-owner'] } }),
        403,
        3,
      );
      const lastOwner = await call('POST', `/api/role/licensee/${demoOrg}`, {
        as: 'licensee-owner',
        body: { sub: subs['licensee-owner'], role: 'staff' },
      });
      expectInvalid(lastOwner, 'sub');
      expect(await entries(subs['licensee-owner']!)).toContain(`calbee:owner:licensee:${demoOrg}`);

      const before = (await logRows('licensee.member.remove')).length;
      const removed = await call<{ entries: string[] }>('DELETE', `/api/role/licensee/${demoOrg}`, {
        as: 'org-admin',
        body: { sub: subs.designer },
      });
      expectStatus(removed, 200, 0);
      expect(await entries(subs.designer!)).toEqual(['calbee:designer', 'calbee:user']);
      const rows = await logRows('licensee.member.remove');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)!.data).toEqual({
        licensee: demoOrg,
        sub: subs.designer,
        before: [`calbee:designer:licensee:${demoOrg}`],
        after: [],
      });
    });

    it('the platform manages any organisation; bad bodies are status 5', async () => {
      expectStatus(
        await call('POST', `/api/role/licensee/${otherOrg}`, { as: 'holder', body: { sub: subs.designer, role: 'owner' } }),
        200,
        0,
      );
      const members = await call<{ members: { sub: string; roles: string[] }[] }>('GET', `/api/role/licensee/${otherOrg}`, {
        as: 'admin',
      });
      expect(members.json.data.members).toEqual([expect.objectContaining({ sub: subs.designer, roles: ['owner'] })]);
      expectStatus(await call('DELETE', `/api/role/licensee/${otherOrg}`, { as: 'admin', body: { sub: subs.designer } }), 200, 0);
      expect(await entries(subs.designer!)).toEqual(['calbee:designer', 'calbee:user']);

      const before = await logCount();
      expectInvalid(
        await call('POST', `/api/role/licensee/${demoOrg}`, { as: 'admin', body: { sub: subs.designer, role: 'boss' } }),
        'role',
      );
      expectInvalid(await call('POST', `/api/role/licensee/${demoOrg}`, { as: 'admin', body: { role: 'staff' } }), 'sub');
      expectStatus(
        await call('POST', `/api/role/licensee/${demoOrg}`, { as: 'admin', body: { sub: 'nobody', role: 'staff' } }),
        404,
        2,
      );
      expect(await logCount()).toBe(before);
      const db = await getDb();
      const stray = await db
        .select()
        .from(userAccess)
        .where(and(eq(userAccess.sub, subs.designer!), eq(userAccess.entry, `calbee:boss:licensee:${demoOrg}`)));
      expect(stray).toEqual([]);
    });
  });

  describe('/api/acl/{id}', () => {
    it('GET: administrators and the user themselves; others get not found', async () => {
      const res = await call<{ entries: string[] }>('GET', `/api/acl/${subs.designer}`, { as: 'admin' });
      expectStatus(res, 200, 0);
      expect(res.json.data.entries).toEqual(['calbee:designer', 'calbee:user']);
      expectStatus(await call('GET', `/api/acl/${subs.designer}`, { as: 'designer' }), 200, 0);
      expectStatus(await call('GET', `/api/acl/${subs.designer}`, { as: 'holder' }), 404, 2);
      expectStatus(await call('GET', '/api/acl/nobody', { as: 'admin' }), 404, 2);
    });

    it('PUT: an administrator replaces the set, logged as acl.set with before and after', async () => {
      const before = (await logRows('acl.set')).length;
      const res = await call<{ entries: string[] }>('PUT', `/api/acl/${subs.designer}`, {
        as: 'admin',
        body: { entries: ['calbee:designer', 'calbee:user', 'calbee:licensee'] },
      });
      expectStatus(res, 200, 0);
      expect(await entries(subs.designer!)).toEqual(['calbee:designer', 'calbee:licensee', 'calbee:user']);
      const rows = await logRows('acl.set');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)!.data).toEqual({
        sub: subs.designer,
        before: ['calbee:designer', 'calbee:user'],
        after: ['calbee:designer', 'calbee:licensee', 'calbee:user'],
      });

      expectStatus(await call('PUT', `/api/acl/${subs.designer}`, { as: 'designer', body: { entries: [] } }), 403, 3);
      expectStatus(await call('PUT', `/api/acl/${subs.designer}`, { as: 'holder', body: { entries: [] } }), 403, 3);
      expectInvalid(
        await call('PUT', `/api/acl/${subs.designer}`, { as: 'admin', body: { entries: ['calbee:*'] } }),
        'entries.0',
      );
      expectInvalid(await call('PUT', `/api/acl/${subs.designer}`, { as: 'admin', body: { entries: 'calbee:user' } }), 'entries');
      expectStatus(await call('PUT', '/api/acl/nobody', { as: 'admin', body: { entries: [] } }), 404, 2);
      expect(await entries(subs.designer!)).toEqual(['calbee:designer', 'calbee:licensee', 'calbee:user']);
      expect(await logRows('acl.set')).toHaveLength(before + 1);
    });
  });
});
