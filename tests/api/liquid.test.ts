import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { designers, liquidApplications } from '@/lib/server/db/entities-schema';
import { adminLog, logWorkflow, notifications, userAccess } from '@/lib/server/db/schema';
import * as applyRoute from '@/pages/api/liquid/apply';
import * as issueRoute from '@/pages/api/liquid/issue/[id]';
import * as queryRoute from '@/pages/api/liquid/query/[id]';
import * as stateRoute from '@/pages/api/liquid/state/[id]';
import { matchRoute, serveRoute, type RouteModule, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Application {
  key: string;
  applicant: string;
  role: string;
  state: string;
  comment: string | null;
  designer: string | null;
  profile: Record<string, unknown>;
  documents: { image: string; desc: string }[];
}
interface Invalid {
  errors: Record<string, string>;
}

const ROUTES: [string, RouteModule][] = [
  ['/api/liquid/apply', applyRoute],
  ['/api/liquid/query/[id]', queryRoute],
  ['/api/liquid/state/[id]', stateRoute],
  ['/api/liquid/issue/[id]', issueRoute],
];
const PEOPLE = ['user@example.com', 'licensee@example.com', 'admin@example.com', 'holder@example.com', 'boss@example.com'];

const servers: [string, RouteServer][] = [];
const subs: Record<string, string> = {};
const tokens: Record<string, string> = {};

async function call<T = unknown>(method: string, path: string, options: { as: string; body?: unknown; lang?: string }) {
  const server = servers.find(([pattern]) => matchRoute(pattern, path.split('?')[0]!))?.[1];
  if (!server) throw new Error(`no server for ${path}`);
  const headers: Record<string, string> = { authorization: `Bearer ${tokens[options.as]}` };
  if (options.lang) headers['x-lang'] = options.lang;
  const res = await server.request<Envelope<T>>(method, path, { headers, body: options.body });
  return { status: res.status, json: res.json };
}

function expectStatus(res: { status: number; json: Envelope<unknown> }, http: number, status: number) {
  expect(res.status, JSON.stringify(res.json)).toBe(http);
  expect(res.json.status).toBe(status);
}

function applyBody(who: string, extra: Record<string, unknown> = {}) {
  return {
    applicant_id: subs[who],
    role: 'personal',
    profile: { creator_name: `Creator ${who}`, email: who, name: { first: 'Aoi', last: 'Sato' }, cat: 'illustration' },
    documents: [{ image: 'a'.repeat(64), desc: 'portfolio' }],
    ...extra,
  };
}

async function entries(sub: string): Promise<string[]> {
  const rows = await (await getDb()).select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, sub));
  return rows.map((r) => r.entry);
}

describe('SPEC §4/§7 liquid applications: the state is set by a post with a state', () => {
  beforeAll(async () => {
    await ensureReady();
    for (const [pattern, mod] of ROUTES) servers.push([pattern, await serveRoute(mod, pattern)]);
    for (const email of PEOPLE) {
      subs[email] = await subOf(email);
      tokens[email] = await issueAccessToken(subs[email]!);
    }
  });

  afterAll(async () => {
    for (const [, server] of servers) await server.close();
  });

  it('refuses an application for someone else from a plain user, and bad bodies with messages', async () => {
    const other = await call('POST', '/api/liquid/apply', {
      as: 'user@example.com',
      body: { ...applyBody('user@example.com'), applicant_id: subs['licensee@example.com'] },
    });
    expectStatus(other, 403, 3);
    const bad = await call<Invalid>('POST', '/api/liquid/apply', {
      as: 'user@example.com',
      body: applyBody('user@example.com', { role: 'team', profile: { creator_name: '', email: 'not-an-email' } }),
    });
    expectStatus(bad, 400, 5);
    expect(Object.keys(bad.json.data.errors)).toEqual(expect.arrayContaining(['role', 'profile.email', 'profile.creator_name']));
    const rows = await (await getDb()).select().from(liquidApplications);
    expect(rows).toHaveLength(0);
  });

  it('takes one open application per person; the second gets a field message', async () => {
    const first = await call<Application>('POST', '/api/liquid/apply', {
      as: 'user@example.com',
      body: applyBody('user@example.com'),
    });
    expectStatus(first, 200, 0);
    expect(first.json.data).toMatchObject({ applicant: subs['user@example.com'], state: 'applied', role: 'personal' });
    const second = await call<Invalid>('POST', '/api/liquid/apply', {
      as: 'user@example.com',
      body: applyBody('user@example.com'),
      lang: 'en',
    });
    expectStatus(second, 409, 5);
    expect(second.json.data.errors.applicant_id).toMatch(/already have an application/);
    const mine = await call<Application>('GET', '/api/liquid/query/mine', { as: 'user@example.com' });
    expect(mine.json.data.key).toBe(first.json.data.key);
    // Staff were told a new application waits for them; the applicant was told it was received.
    const db = await getDb();
    const told = await db.select().from(notifications).where(eq(notifications.target, subs['holder@example.com']!));
    expect(told.length).toBeGreaterThan(0);
  });

  it('lets only admin and product staff list and move applications; the applicant reads their own', async () => {
    const mine = await call<Application>('GET', '/api/liquid/query/mine', { as: 'user@example.com' });
    const key = mine.json.data.key;
    expectStatus(await call('GET', '/api/liquid/query/all', { as: 'user@example.com' }), 403, 3);
    expectStatus(await call('GET', '/api/liquid/query/all', { as: 'boss@example.com' }), 403, 3);
    expectStatus(await call('GET', `/api/liquid/query/${key}`, { as: 'licensee@example.com' }), 404, 2);
    expectStatus(await call('GET', `/api/liquid/query/${key}`, { as: 'user@example.com' }), 200, 0);
    const all = await call<Application[]>('GET', '/api/liquid/query/all?state=applied', { as: 'holder@example.com' });
    expect(all.json.data.map((a) => a.key)).toContain(key);
    const badState = await call<{ errors: Record<string, string> }>('GET', '/api/liquid/query/all?state=nonsense', {
      as: 'holder@example.com',
    });
    expectStatus(badState, 400, 5);
    expect(Object.keys(badState.json.data.errors)).toEqual(['state']);
    // Only `all` reads a state: for `mine` the query is ignored, as it always was.
    expectStatus(await call('GET', '/api/liquid/query/mine?state=nonsense', { as: 'user@example.com' }), 200, 0);

    expectStatus(
      await call('POST', `/api/liquid/state/${key}`, { as: 'user@example.com', body: { state: 'reviewing' } }),
      403,
      3,
    );
    expectStatus(await call('POST', `/api/liquid/issue/${key}`, { as: 'user@example.com', body: {} }), 403, 3);
    // Authorization comes before any lookup: someone who moves no application is refused as such.
    expectStatus(
      await call('POST', `/api/liquid/state/${key}`, { as: 'licensee@example.com', body: { state: 'reviewing' } }),
      403,
      3,
    );
    expectStatus(await call('POST', '/api/liquid/issue/%00', { as: 'user@example.com', body: {} }), 403, 3);
    expectStatus(await call('POST', '/api/liquid/issue/%00', { as: 'holder@example.com', body: {} }), 404, 2);
    expectStatus(await call('GET', '/api/liquid/query/%00', { as: 'user@example.com' }), 404, 2);
  });

  it('refuses moves the flow does not allow with status 5 and a message, changing nothing', async () => {
    const key = (await call<Application>('GET', '/api/liquid/query/mine', { as: 'user@example.com' })).json.data.key;
    const skip = await call<Invalid>('POST', `/api/liquid/state/${key}`, {
      as: 'holder@example.com',
      body: { state: 'approved' },
      lang: 'en',
    });
    expectStatus(skip, 400, 5);
    expect(skip.json.data.errors.state).toMatch(/"Applied"/);
    expectStatus(await call('POST', `/api/liquid/issue/${key}`, { as: 'holder@example.com', body: {} }), 400, 5);
    expectStatus(await call('POST', `/api/liquid/state/${key}`, { as: 'holder@example.com', body: { state: 'issued' } }), 400, 5);
    expectStatus(await call('POST', `/api/liquid/state/${key}`, { as: 'holder@example.com', body: { state: 'bogus' } }), 400, 5);
    const noComment = await call<Invalid>('POST', `/api/liquid/state/${key}`, {
      as: 'holder@example.com',
      body: { state: 'rejected' },
    });
    expectStatus(noComment, 400, 5);
    expect(noComment.json.data.errors.comment).toBeTruthy();
    expectStatus(
      await call('POST', '/api/liquid/state/nope', { as: 'holder@example.com', body: { state: 'reviewing' } }),
      404,
      2,
    );
    const [row] = await (await getDb()).select().from(liquidApplications).where(eq(liquidApplications.key, key));
    expect(row!.state).toBe('applied');
  });

  it('issues once: the designer record, the access entry and the admin log in one go; a second issue is refused', async () => {
    const db = await getDb();
    const applicant = subs['user@example.com']!;
    const key = (await call<Application>('GET', '/api/liquid/query/mine', { as: 'user@example.com' })).json.data.key;
    expect(await entries(applicant)).not.toContain('calbee:designer');
    expectStatus(
      await call('POST', `/api/liquid/state/${key}`, { as: 'holder@example.com', body: { state: 'reviewing' } }),
      200,
      0,
    );
    expectStatus(
      await call('POST', `/api/liquid/state/${key}`, { as: 'admin@example.com', body: { state: 'approved' } }),
      200,
      0,
    );
    const issued = await call<Application>('POST', `/api/liquid/issue/${key}`, { as: 'admin@example.com', body: {} });
    expectStatus(issued, 200, 0);
    expect(issued.json.data.state).toBe('issued');
    expect(issued.json.data.designer).toMatch(/^[A-Za-z0-9]{48}$/);

    const made = await db.select().from(designers).where(eq(designers.owner, applicant));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      key: issued.json.data.designer,
      role: 'personal',
      creator_name: 'Creator user@example.com',
      email: 'user@example.com',
      cat: 'illustration',
      name: { first: 'Aoi', last: 'Sato' },
      document: [{ image: 'a'.repeat(64), desc: 'portfolio' }],
    });
    expect(await entries(applicant)).toContain('calbee:designer');
    const logs = await db
      .select()
      .from(adminLog)
      .where(and(eq(adminLog.action, 'acl.grant'), eq(adminLog.ref, applicant)));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.data).toMatchObject({ entry: 'calbee:designer', application: key });

    const again = await call<Invalid>('POST', `/api/liquid/issue/${key}`, { as: 'admin@example.com', body: {} });
    expectStatus(again, 400, 5);
    expect(await db.select().from(designers).where(eq(designers.owner, applicant))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(adminLog)
        .where(and(eq(adminLog.action, 'acl.grant'), eq(adminLog.ref, applicant))),
    ).toHaveLength(1);

    const flowLog = await db.select().from(logWorkflow).where(eq(logWorkflow.key, key));
    expect(flowLog.map((r) => r.action).sort()).toEqual(['apply', 'approve', 'issue', 'review']);
    const told = await db.select().from(notifications).where(eq(notifications.target, applicant));
    expect(told.length).toBeGreaterThanOrEqual(4);

    // A designer now: no new application.
    expectStatus(
      await call('POST', '/api/liquid/apply', { as: 'user@example.com', body: applyBody('user@example.com') }),
      409,
      5,
    );
  });

  it('rejects with a comment, after which the person may apply again; staff may file for someone', async () => {
    const who = 'licensee@example.com';
    const filed = await call<Application>('POST', '/api/liquid/apply', {
      as: 'holder@example.com',
      body: applyBody(who, { role: 'corporate', profile: { creator_name: 'Studio L', email: who, corporate_name: 'L Inc.' } }),
    });
    expectStatus(filed, 200, 0);
    const key = filed.json.data.key;
    const rejected = await call<Application>('POST', `/api/liquid/state/${key}`, {
      as: 'holder@example.com',
      body: { state: 'rejected', comment: 'Documents missing' },
    });
    expectStatus(rejected, 200, 0);
    expect(rejected.json.data).toMatchObject({ state: 'rejected', comment: 'Documents missing' });
    expectStatus(
      await call('POST', `/api/liquid/state/${key}`, { as: 'holder@example.com', body: { state: 'reviewing' } }),
      400,
      5,
    );
    expectStatus(await call('POST', '/api/liquid/apply', { as: who, body: applyBody(who) }), 200, 0);
    expect(await entries(subs[who]!)).not.toContain('calbee:designer');
  });
});
