import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { ips, licensees, tags } from '@/lib/server/db/entities-schema';
import { adminLog, docs, logWorkflow } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import * as docById from '@/pages/api/doc/[name]/[id]';
import * as docIndex from '@/pages/api/doc/[name]/index';
import * as docSearch from '@/pages/api/doc/[name]/search';
import * as tagAssign from '@/pages/api/tag/assign/[id]';
import * as tagRevoke from '@/pages/api/tag/revoke/[id]';
import * as logWorkflowRoute from '@/pages/api/v1/LogWorkflow/index';
import { matchRoute, serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Invalid {
  errors: Record<string, string>;
  codes: Record<string, { code: string }>;
}
interface Doc {
  name: string;
  id: string;
  data: Record<string, unknown>;
  version: number;
}
interface TagChange {
  entity: string;
  key: string;
  tags: string[];
  changed: boolean;
}
interface WorkflowRow {
  id: string;
  action: string;
  key: string;
  sub: string;
  time: string;
  data: Record<string, unknown>;
}

// Static segments first: /api/doc/{name}/search before /api/doc/{name}/{id}.
const ROUTES: [string, RouteModule][] = [
  ['/api/doc/[name]/search', docSearch],
  ['/api/doc/[name]/[id]', docById],
  ['/api/doc/[name]', docIndex],
  ['/api/tag/assign/[id]', tagAssign],
  ['/api/tag/revoke/[id]', tagRevoke],
  ['/api/v1/LogWorkflow', logWorkflowRoute],
];

const servers: [string, RouteServer][] = [];
const subs: Record<string, string> = {};
const tokens: Record<string, string> = {};

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

describe('product API: docs, tags, LogWorkflow', () => {
  let tagKey = '';
  let otherTagKey = '';
  let ipKey = '';
  let licenseeKey = '';

  beforeAll(async () => {
    await ensureReady();
    for (const [pattern, mod] of ROUTES) servers.push([pattern, await serveRoute(mod, pattern)]);
    for (const account of demoAccounts) {
      subs[account.id] = await subOf(account.email);
      tokens[account.id] = await issueAccessToken(subs[account.id]!);
    }
    const db = await getDb();
    tagKey = newKey();
    otherTagKey = newKey();
    ipKey = newKey();
    licenseeKey = newKey();
    await db.insert(tags).values([
      { key: tagKey, name_jp: '季節限定', name_en: 'Seasonal' },
      { key: otherTagKey, name_jp: '新商品', name_en: 'New' },
    ]);
    await db.insert(ips).values({
      key: ipKey,
      reference: fixtureReference('IP'),
      name: 'Potato Hero',
      kind: 'primary',
      state: 'published',
      tags: [otherTagKey],
    });
    await db.insert(licensees).values({ key: licenseeKey, name: 'Tag Test Foods' });
  });
  afterAll(async () => {
    for (const [, server] of servers) await server.close();
  });

  it('every route: no credentials is 401 status 8', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/doc/pages'],
      ['POST', '/api/doc/pages'],
      ['GET', '/api/doc/pages/home'],
      ['PUT', '/api/doc/pages/home'],
      ['DELETE', '/api/doc/pages/home'],
      ['POST', '/api/doc/pages/search'],
      ['POST', `/api/tag/assign/${tagKey}`],
      ['POST', `/api/tag/revoke/${tagKey}`],
      ['GET', '/api/v1/LogWorkflow'],
      ['POST', '/api/v1/LogWorkflow'],
    ];
    for (const [method, path] of calls) {
      const res = await call(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : { data: {} } });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json).toEqual({ status: 8, data: 'invalid session' });
    }
  });

  it('every route: malformed input is 4xx, never 5xx, and logs nothing', async () => {
    const db = await getDb();
    const before = await db.$count(adminLog);
    const bodies: unknown[] = [
      null,
      'text',
      3,
      [],
      { data: 'x' },
      { data: { a: 'b\u0000' } },
      { data: { ['k\u0000']: 1 } },
      { match: [] },
      { entity: 'IP', key: 'a\u0000' },
      { data: {}, action: 'a', path: '', key: 'k', time: 'yesterday' },
    ];
    const paths: [string, string][] = [
      ['POST', '/api/doc/pages'],
      ['PUT', '/api/doc/pages/home'],
      ['POST', '/api/doc/pages/search'],
      ['POST', `/api/tag/assign/${tagKey}`],
      ['POST', `/api/tag/revoke/${tagKey}`],
      ['POST', '/api/v1/LogWorkflow'],
    ];
    for (const [method, path] of paths) {
      for (const body of bodies) {
        const res = await call(method, path, { as: 'admin', body });
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(res.json)}`).toBeLessThan(500);
      }
    }
    for (const path of [
      '/api/doc/Bad!',
      '/api/doc/%00',
      '/api/doc/pages/%00',
      '/api/doc/pages/a%20b',
      `/api/doc/${'a'.repeat(41)}`,
      '/api/v1/LogWorkflow?limit=abc',
      '/api/v1/LogWorkflow?cursor=%00',
      '/api/v1/LogWorkflow?key=a&key=b',
      '/api/doc/pages?limit=0',
    ]) {
      const res = await call('GET', path, { as: 'admin' });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect(await db.$count(adminLog)).toBe(before);
    expect(await db.$count(docs)).toBe(0);
    expect(await db.$count(logWorkflow)).toBe(0);
  });

  describe('/api/doc/{name}', () => {
    it('the product role creates; anyone signed in reads, lists and searches', async () => {
      const created = await call<Doc>('POST', '/api/doc/pages', {
        as: 'holder',
        body: { id: 'home', data: { title: 'Welcome', section: { kind: 'hero', tags: ['a', 'b'] } } },
      });
      expectStatus(created, 200, 0);
      expect(created.json.data).toMatchObject({ name: 'pages', id: 'home', version: 1, data: { title: 'Welcome' } });
      const generated = await call<Doc>('POST', '/api/doc/pages', { as: 'admin', body: { data: { title: 'About' } } });
      expectStatus(generated, 200, 0);
      expect(generated.json.data.id).toMatch(/^[A-Za-z0-9]{48}$/);
      await call('POST', '/api/doc/other', { as: 'admin', body: { id: 'home', data: { title: 'Elsewhere' } } });

      const got = await call<Doc>('GET', '/api/doc/pages/home', { as: 'designer' });
      expectStatus(got, 200, 0);
      expect(got.json.data.data).toEqual({ title: 'Welcome', section: { kind: 'hero', tags: ['a', 'b'] } });
      const list = await call<{ items: Doc[] }>('GET', '/api/doc/pages', { as: 'licensee-staff' });
      expectStatus(list, 200, 0);
      expect(list.json.data.items.map((d) => d.data.title).sort()).toEqual(['About', 'Welcome']);
      const paged = await call<{ items: Doc[]; next: string | null }>('GET', '/api/doc/pages?limit=1', { as: 'user' });
      expect(paged.json.data.items).toHaveLength(1);
      const rest = await call<{ items: Doc[]; next: string | null }>(
        'GET',
        `/api/doc/pages?limit=1&cursor=${paged.json.data.next}`,
        { as: 'user' },
      );
      expect(rest.json.data.items).toHaveLength(1);
      expect(rest.json.data.items[0]!.id).not.toBe(paged.json.data.items[0]!.id);
      expect(rest.json.data.next).toBeNull();

      const found = await call<{ items: Doc[] }>('POST', '/api/doc/pages/search', {
        as: 'designer',
        body: { match: { section: { tags: ['b'] } } },
      });
      expectStatus(found, 200, 0);
      expect(found.json.data.items.map((d) => d.id)).toEqual(['home']);
      const none = await call<{ items: Doc[] }>('POST', '/api/doc/pages/search', {
        as: 'designer',
        body: { match: { title: 'Nope' } },
      });
      expect(none.json.data.items).toEqual([]);
    });

    it('writes are refused to other roles; reads of missing documents are not found', async () => {
      for (const as of ['designer', 'boss', 'licensee-owner']) {
        expectStatus(await call('POST', '/api/doc/pages', { as, body: { id: 'x', data: {} } }), 403, 3);
        expectStatus(await call('PUT', '/api/doc/pages/home', { as, body: { data: {} } }), 403, 3);
        expectStatus(await call('DELETE', '/api/doc/pages/home', { as }), 403, 3);
      }
      expectStatus(await call('GET', '/api/doc/pages/missing', { as: 'user' }), 404, 2);
      expectStatus(await call('GET', '/api/doc/Pages', { as: 'user' }), 404, 2);
      const db = await getDb();
      expect(await db.$count(docs, eq(docs.id, 'x'))).toBe(0);
    });

    it('bad bodies are status 5 with per-field messages; a duplicate id is a conflict', async () => {
      const db = await getDb();
      const before = await db.$count(docs);
      expectInvalid(await call('POST', '/api/doc/pages', { as: 'holder', body: {} }), 'data');
      expectInvalid(await call('POST', '/api/doc/pages', { as: 'holder', body: { id: 'a b', data: [] } }), 'id', 'data');
      const big = await call('POST', '/api/doc/pages', { as: 'holder', body: { data: { text: 'x'.repeat(100_001) } } });
      expectInvalid(big, 'data');
      expect((big.json.data as Invalid).codes.data).toMatchObject({ code: 'tooLong' });
      expectInvalid(await call('POST', '/api/doc/pages', { as: 'holder', body: { data: {}, extra: true } }), 'extra');
      expectInvalid(await call('POST', '/api/doc/pages/search', { as: 'user', body: { match: 'title' } }), 'match');
      const dup = await call('POST', '/api/doc/pages', { as: 'holder', body: { id: 'home', data: {} } });
      expectStatus(dup, 409, 5);
      expect(typeof (dup.json.data as Invalid).errors.id).toBe('string');
      expect(await db.$count(docs)).toBe(before);
    });

    it('PUT replaces with optimistic locking: a stale version is 409 status 5 with a version error', async () => {
      const put = await call<Doc>('PUT', '/api/doc/pages/home', { as: 'holder', body: { data: { title: 'Hello' }, version: 1 } });
      expectStatus(put, 200, 0);
      expect(put.json.data).toMatchObject({ version: 2, data: { title: 'Hello' } });

      const stale = await call('PUT', '/api/doc/pages/home', {
        as: 'admin',
        body: { data: { title: 'Lost update' }, version: 1 },
      });
      expectStatus(stale, 409, 5);
      const data = stale.json.data as Invalid;
      expect(typeof data.errors.version).toBe('string');
      expect(data.codes.version).toEqual({ code: 'version' });
      const after = await call<Doc>('GET', '/api/doc/pages/home', { as: 'user' });
      expect(after.json.data).toMatchObject({ version: 2, data: { title: 'Hello' } });

      // Without a version the write is unconditional.
      const blind = await call<Doc>('PUT', '/api/doc/pages/home', { as: 'admin', body: { data: { title: 'Blind' } } });
      expect(blind.json.data.version).toBe(3);
      expectInvalid(await call('PUT', '/api/doc/pages/home', { as: 'admin', body: { data: {}, version: 0 } }), 'version');
      expectInvalid(await call('PUT', '/api/doc/pages/home', { as: 'admin', body: { version: 3 } }), 'data');
      expectStatus(await call('PUT', '/api/doc/pages/missing', { as: 'admin', body: { data: {} } }), 404, 2);
    });

    it('DELETE removes a document', async () => {
      expectStatus(await call('DELETE', '/api/doc/other/home', { as: 'holder' }), 200, 0);
      expectStatus(await call('GET', '/api/doc/other/home', { as: 'holder' }), 404, 2);
      expectStatus(await call('DELETE', '/api/doc/other/home', { as: 'holder' }), 404, 2);
      expectStatus(await call('GET', '/api/doc/pages/home', { as: 'holder' }), 200, 0);
    });
  });

  describe('/api/tag/assign/{id} and /api/tag/revoke/{id}', () => {
    async function ipTags(): Promise<string[]> {
      const db = await getDb();
      const [row] = await db.select({ tags: ips.tags, version: ips.version }).from(ips).where(eq(ips.key, ipKey));
      return row!.tags;
    }

    it('assigning twice keeps one copy; revoking removes it; both idempotent', async () => {
      const first = await call<TagChange>('POST', `/api/tag/assign/${tagKey}`, {
        as: 'holder',
        body: { entity: 'IP', key: ipKey },
      });
      expectStatus(first, 200, 0);
      expect(first.json.data).toEqual({ entity: 'IP', key: ipKey, tags: [otherTagKey, tagKey], changed: true });
      const second = await call<TagChange>('POST', `/api/tag/assign/${tagKey}`, {
        as: 'boss',
        body: { entity: 'IP', key: ipKey },
      });
      expectStatus(second, 200, 0);
      expect(second.json.data.changed).toBe(false);
      expect(await ipTags()).toEqual([otherTagKey, tagKey]);

      const revoked = await call<TagChange>('POST', `/api/tag/revoke/${tagKey}`, {
        as: 'admin',
        body: { entity: 'IP', key: ipKey },
      });
      expectStatus(revoked, 200, 0);
      expect(revoked.json.data).toMatchObject({ tags: [otherTagKey], changed: true });
      const again = await call<TagChange>('POST', `/api/tag/revoke/${tagKey}`, {
        as: 'admin',
        body: { entity: 'IP', key: ipKey },
      });
      expect(again.json.data).toMatchObject({ tags: [otherTagKey], changed: false });
      expect(await ipTags()).toEqual([otherTagKey]);

      const licensee = await call<TagChange>('POST', `/api/tag/assign/${tagKey}`, {
        as: 'holder',
        body: { entity: 'Licensee', key: licenseeKey },
      });
      expect(licensee.json.data.tags).toEqual([tagKey]);
    });

    it("a designer tags their own draft IP, not someone else's and not once it is under review", async () => {
      const db = await getDb();
      const own = newKey();
      await db.insert(ips).values({
        key: own,
        reference: fixtureReference('IP'),
        name: 'My draft',
        kind: 'secondary',
        state: 'draft',
        owner: subs.designer!,
      });
      const body = { entity: 'IP', key: own };
      const tagged = await call<TagChange>('POST', `/api/tag/assign/${tagKey}`, { as: 'designer', body });
      expectStatus(tagged, 200, 0);
      expect(tagged.json.data.tags).toEqual([tagKey]);
      expectStatus(await call('POST', `/api/tag/assign/${tagKey}`, { as: 'corporate-designer', body }), 404, 2);
      await db.update(ips).set({ state: 'submitted' }).where(eq(ips.key, own));
      expectStatus(await call('POST', `/api/tag/revoke/${tagKey}`, { as: 'designer', body }), 403, 3);
    });

    it('others may not; the tag and the record must exist; the entity must be taggable', async () => {
      for (const as of ['designer', 'licensee-owner', 'user']) {
        expectStatus(await call('POST', `/api/tag/assign/${tagKey}`, { as, body: { entity: 'IP', key: ipKey } }), 403, 3);
        expectStatus(await call('POST', `/api/tag/revoke/${otherTagKey}`, { as, body: { entity: 'IP', key: ipKey } }), 403, 3);
      }
      expectStatus(
        await call('POST', `/api/tag/assign/${newKey()}`, { as: 'holder', body: { entity: 'IP', key: ipKey } }),
        404,
        2,
      );
      expectStatus(await call('POST', '/api/tag/assign/bad%20tag', { as: 'holder', body: { entity: 'IP', key: ipKey } }), 404, 2);
      expectStatus(
        await call('POST', `/api/tag/assign/${tagKey}`, { as: 'holder', body: { entity: 'IP', key: newKey() } }),
        404,
        2,
      );
      expectStatus(
        await call('POST', `/api/tag/revoke/${tagKey}`, { as: 'holder', body: { entity: 'Product', key: newKey() } }),
        404,
        2,
      );
      const notTaggable = await call('POST', `/api/tag/assign/${tagKey}`, { as: 'holder', body: { entity: 'Tag', key: tagKey } });
      expectInvalid(notTaggable, 'entity');
      expectInvalid(await call('POST', `/api/tag/assign/${tagKey}`, { as: 'holder', body: { entity: 'IP' } }), 'key');
      expectInvalid(
        await call('POST', `/api/tag/assign/${tagKey}`, { as: 'holder', body: { entity: 'IP', key: 'not a key' } }),
        'key',
      );
      expect(await ipTags()).toEqual([otherTagKey]);
    });
  });

  describe('/api/v1/LogWorkflow', () => {
    it('holder roles record steps with their sub and list them newest first, by key, in pages', async () => {
      const subject = newKey();
      const times = ['2025-01-01T00:00:00+00:00', '2025-01-02T00:00:00+00:00', '2025-01-03T00:00:00+00:00'];
      for (const [i, time] of times.entries()) {
        const res = await call<WorkflowRow>('POST', '/api/v1/LogWorkflow', {
          as: i === 0 ? 'holder' : 'legal-approver',
          body: {
            data: { step: i },
            time,
            action: `step-${i}`,
            path: '/holder/approve/ip',
            key: subject,
            ref: 'r1',
            remarks: 'ok',
          },
        });
        expectStatus(res, 200, 0);
        expect(res.json.data).toMatchObject({
          action: `step-${i}`,
          key: subject,
          sub: i === 0 ? subs.holder : subs['legal-approver'],
        });
      }
      const now = await call<WorkflowRow>('POST', '/api/v1/LogWorkflow', {
        as: 'boss',
        body: { data: {}, action: 'other', path: '', key: newKey() },
      });
      expectStatus(now, 200, 0);
      expect(Math.abs(Date.parse(now.json.data.time) - Date.now())).toBeLessThan(60_000);

      const first = await call<{ items: WorkflowRow[]; next: string | null }>(
        'GET',
        `/api/v1/LogWorkflow?key=${subject}&limit=2`,
        {
          as: 'admin',
        },
      );
      expectStatus(first, 200, 0);
      expect(first.json.data.items.map((r) => r.action)).toEqual(['step-2', 'step-1']);
      const second = await call<{ items: WorkflowRow[]; next: string | null }>(
        'GET',
        `/api/v1/LogWorkflow?key=${subject}&limit=2&cursor=${first.json.data.next}`,
        { as: 'admin' },
      );
      expect(second.json.data.items.map((r) => r.action)).toEqual(['step-0']);
      expect(second.json.data.next).toBeNull();
      const all = await call<{ items: WorkflowRow[] }>('GET', '/api/v1/LogWorkflow', { as: 'boss' });
      expect(all.json.data.items[0]!.action).toBe('other');
      expect(all.json.data.items).toHaveLength(4);
    });

    it('refused to other roles; bad bodies are status 5 and store nothing', async () => {
      const db = await getDb();
      const before = await db.$count(logWorkflow);
      for (const as of ['designer', 'licensee-owner', 'user']) {
        expectStatus(await call('GET', '/api/v1/LogWorkflow', { as }), 403, 3);
        expectStatus(
          await call('POST', '/api/v1/LogWorkflow', { as, body: { data: {}, action: 'a', path: '', key: 'k' } }),
          403,
          3,
        );
      }
      expectInvalid(await call('POST', '/api/v1/LogWorkflow', { as: 'holder', body: { data: {} } }), 'action', 'path', 'key');
      expectInvalid(
        await call('POST', '/api/v1/LogWorkflow', {
          as: 'holder',
          body: { data: {}, action: 'a', path: '', key: 'k', time: 'not a time', remarks: 'x'.repeat(5001), who: 'me' },
        }),
        'time',
        'remarks',
        'who',
      );
      expectInvalid(await call('GET', '/api/v1/LogWorkflow?limit=500', { as: 'holder' }), 'limit');
      expectInvalid(await call('GET', '/api/v1/LogWorkflow?cursor=abc', { as: 'holder' }), 'cursor');
      expect(await db.$count(logWorkflow)).toBe(before);
    });
  });
});
