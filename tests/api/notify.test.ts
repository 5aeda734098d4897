import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { notifications, oidcPayloads, users } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import type { NotificationList } from '@/lib/server/notify/list-notifications';
import { getSecrets } from '@/lib/server/secrets';
import { emailOutbox } from '@/lib/server/db/platform-schema';
import { closeListener } from '@/lib/server/notify/listener';
import * as dropRoute from '@/pages/api/core/notify/drop';
import * as getRoute from '@/pages/api/core/notify/get';
import * as listRoute from '@/pages/api/core/notify/list';
import * as listAllRoute from '@/pages/api/core/notify/list/all';
import * as mailRoute from '@/pages/api/core/notify/mail';
import * as manageRoute from '@/pages/api/core/notify/manage';
import * as newRoute from '@/pages/api/core/notify/new';
import * as emitRoute from '@/pages/api/notify/emit/email';
import * as outboxListRoute from '@/pages/api/core/mail/list';
import * as outboxGetRoute from '@/pages/api/core/mail/[key]';
import * as outboxRetryRoute from '@/pages/api/core/mail/[key]/retry';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T> {
  status: number;
  data: T;
}

const PATH = '/api/core/notify/list';
const INVALID_SESSION = { status: 8, data: 'invalid session' };
const INVALID_TOKEN = { status: 7, data: 'invalid session' };

describe('/api/core/notify/list', () => {
  let server: RouteServer;
  let sub: string;
  let otherSub: string;
  const mine = { unread: [] as string[], read: [] as string[] };

  beforeAll(async () => {
    await ensureReady();
    server = await serveRoute(listRoute, PATH);
    sub = await subOf('designer@example.com');
    otherSub = await subOf('holder@example.com');
    const db = await getDb();
    const rows: (typeof notifications.$inferInsert)[] = [];
    const add = (target: string, read: boolean, i: number) => {
      const key = newKey();
      rows.push({
        key,
        target,
        subject: `subject ${i}`,
        content: `content ${i}`,
        created: new Date(Date.UTC(2024, 0, 1, 0, i)),
        readAt: read ? new Date() : null,
      });
      return key;
    };
    for (let i = 0; i < 3; i++) mine.unread.push(add(sub, false, i));
    for (let i = 3; i < 5; i++) mine.read.push(add(sub, true, i));
    for (let i = 5; i < 9; i++) add(otherSub, false, i);
    add(otherSub, true, 9);
    await db.insert(notifications).values(rows);
  });
  afterAll(() => server.close());

  it('without credentials: 401 status 8', async () => {
    const res = await server.request('GET', PATH);
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_SESSION);
  });

  it('with a garbage session cookie: 401 status 8', async () => {
    const res = await server.request('GET', PATH, { headers: { cookie: 'next-auth.session-token=garbage' } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_SESSION);
  });

  it('with a forged bearer token: 401 status 7', async () => {
    for (const authorization of ['Bearer forged', 'bearer forged', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await server.request('GET', PATH, { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(INVALID_TOKEN);
    }
  });

  it('with a valid bearer token: 200 and only that user’s notifications and unread count', async () => {
    const token = await issueAccessToken(sub);
    for (const method of ['GET', 'POST']) {
      const res = await server.request<Envelope<NotificationList>>(method, PATH, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.json.status).toBe(0);
      expect(res.json.data.unread).toBe(mine.unread.length);
      const keys = res.json.data.items.map((i) => i.key);
      expect([...keys].sort()).toEqual([...mine.unread, ...mine.read].sort());
      // Newest first, read flags follow read_at.
      expect(res.json.data.items.map((i) => i.subject)).toEqual([
        'subject 4',
        'subject 3',
        'subject 2',
        'subject 1',
        'subject 0',
      ]);
      expect(
        res.json.data.items
          .filter((i) => !i.read)
          .map((i) => i.key)
          .sort(),
      ).toEqual([...mine.unread].sort());
    }
  });

  it('the other user sees their own count', async () => {
    const token = await issueAccessToken(otherSub);
    const res = await server.request<Envelope<NotificationList>>('GET', PATH, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.json.data.unread).toBe(4);
    expect(res.json.data.items).toHaveLength(5);
  });

  it('an expired token: 401 status 7', async () => {
    const token = await issueAccessToken(sub, { expiresIn: -60 });
    const res = await server.request('GET', PATH, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_TOKEN);
  });

  it('a token whose stored row is still there but whose exp has passed: 401 status 7', async () => {
    const token = await issueAccessToken(sub);
    const db = await getDb();
    const [row] = await db.select().from(oidcPayloads).where(eq(oidcPayloads.id, token));
    expect(row?.type).toBe('AccessToken');
    const payload = { ...(row!.payload as Record<string, unknown>), exp: Math.floor(Date.now() / 1000) - 60 };
    await db.update(oidcPayloads).set({ payload }).where(eq(oidcPayloads.id, token));
    const res = await server.request('GET', PATH, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_TOKEN);
  });

  it('a token issued to another client: 401 status 7', async () => {
    const token = await issueAccessToken(sub, { clientId: 'some-other-client' });
    const res = await server.request('GET', PATH, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_TOKEN);
  });

  it('a token of a suspended account: 401 status 7 (and 200 again once reinstated)', async () => {
    const suspendedSub = await subOf('studio@example.com');
    const token = await issueAccessToken(suspendedSub);
    const headers = { authorization: `Bearer ${token}` };
    expect((await server.request('GET', PATH, { headers })).status).toBe(200);
    const db = await getDb();
    await db.update(users).set({ status: 1 }).where(eq(users.sub, suspendedSub));
    const res = await server.request('GET', PATH, { headers });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_TOKEN);
    await db.update(users).set({ status: 0 }).where(eq(users.sub, suspendedSub));
    expect((await server.request('GET', PATH, { headers })).status).toBe(200);
  });

  it('a token of an account that no longer exists: 401 status 7', async () => {
    const token = await issueAccessToken('no-such-sub');
    const res = await server.request('GET', PATH, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_TOKEN);
  });

  describe('the next-auth session cookie', () => {
    async function sessionCookie(token: Record<string, unknown>): Promise<string> {
      const value = await encode({ token, secret: getSecrets().nextAuthSecret });
      return `lang=en; next-auth.session-token=${value}`;
    }

    it('a valid session: 200 with that user’s count', async () => {
      const cookie = await sessionCookie({ sub, expiresAt: Math.floor(Date.now() / 1000) + 600 });
      const res = await server.request<Envelope<NotificationList>>('GET', PATH, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.json.data.unread).toBe(mine.unread.length);
    });

    it('a session whose provider token has expired: 401 status 7', async () => {
      const cookie = await sessionCookie({ sub, expiresAt: Math.floor(Date.now() / 1000) - 600 });
      const res = await server.request('GET', PATH, { headers: { cookie } });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(INVALID_TOKEN);
    });

    it('a session sealed with another secret: 401 status 8', async () => {
      const value = await encode({ token: { sub }, secret: 'not-the-secret' });
      const res = await server.request('GET', PATH, { headers: { cookie: `next-auth.session-token=${value}` } });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(INVALID_SESSION);
    });
  });
});

interface Item {
  key: string;
  subject: string;
  content: string;
  created: string;
  read: boolean;
  target?: string;
}

describe('/api/core/notify/* (new, get, manage, drop, mail, list/all) and e-mail routes', () => {
  const servers: RouteServer[] = [];
  let routes: Record<string, RouteServer>;
  const auth: Record<string, Record<string, string>> = {};
  const subs: Record<string, string> = {};

  beforeAll(async () => {
    await ensureReady();
    const entries = [
      ['new', newRoute, '/api/core/notify/new'],
      ['get', getRoute, '/api/core/notify/get'],
      ['manage', manageRoute, '/api/core/notify/manage'],
      ['drop', dropRoute, '/api/core/notify/drop'],
      ['mail', mailRoute, '/api/core/notify/mail'],
      ['listAll', listAllRoute, '/api/core/notify/list/all'],
      ['list', listRoute, '/api/core/notify/list'],
      ['emit', emitRoute, '/api/notify/emit/email'],
      ['outboxList', outboxListRoute, '/api/core/mail/list'],
      ['outboxGet', outboxGetRoute, '/api/core/mail/[key]'],
      ['outboxRetry', outboxRetryRoute, '/api/core/mail/[key]/retry'],
    ] as const;
    routes = {};
    for (const [name, mod, pattern] of entries) {
      const server = await serveRoute(mod, pattern);
      servers.push(server);
      routes[name] = server;
    }
    for (const [who, email] of [
      ['user', 'user@example.com'],
      ['designer', 'designer@example.com'],
      ['admin', 'admin@example.com'],
      ['holder', 'holder@example.com'],
    ] as const) {
      subs[who] = await subOf(email);
      auth[who] = { authorization: `Bearer ${await issueAccessToken(subs[who])}` };
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await closeListener();
  });

  async function call<T>(route: string, method: string, path: string, who: string, body?: unknown) {
    return routes[route]!.request<Envelope<T>>(method, path, { headers: auth[who], body });
  }

  async function notify(who: string, target: string, subject: string, content = '') {
    const res = await call<Item & { target: string }>('new', 'POST', '/api/core/notify/new', who, { target, subject, content });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  }

  it('new: a user notifies themselves; staff notify anyone (by sub or e-mail); a user may not notify others', async () => {
    const self = await notify('user', subs.user!, 'note to self', 'line 1\nline 2');
    expect(self.target).toBe(subs.user);
    expect(self.read).toBe(false);
    const byEmail = await notify('holder', 'DESIGNER@example.com', 'from staff');
    expect(byEmail.target).toBe(subs.designer);
    await notify('admin', subs.designer!, 'from admin');

    const refused = await call('new', 'POST', '/api/core/notify/new', 'user', { target: subs.designer, subject: 'spam' });
    expect(refused.status).toBe(403);
    expect(refused.json.status).toBe(3);

    const unknown = await call<{ errors: Record<string, string> }>('new', 'POST', '/api/core/notify/new', 'admin', {
      target: 'nobody@example.com',
      subject: 'x',
    });
    expect(unknown.json.status).toBe(5);
    expect(unknown.json.data.errors.target).toBeTruthy();

    const invalid = await call<{ errors: Record<string, string> }>('new', 'POST', '/api/core/notify/new', 'admin', {
      target: subs.user,
      subject: '',
      extra: 1,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.status).toBe(5);
    expect(invalid.json.data.errors.subject).toBeTruthy();

    const anonymous = await routes.new!.request('POST', '/api/core/notify/new', { body: { target: subs.user, subject: 'x' } });
    expect(anonymous.json).toEqual(INVALID_SESSION);
  });

  it("get: the caller's own by key (GET and POST); another user's or a missing key: 404", async () => {
    const mine = await notify('user', subs.user!, 'get me', 'a\nb');
    const got = await call<Item>('get', 'GET', `/api/core/notify/get?key=${mine.key}`, 'user');
    expect(got.status).toBe(200);
    expect(got.json.data).toMatchObject({ key: mine.key, subject: 'get me', content: 'a\nb', read: false });
    const posted = await call<Item>('get', 'POST', '/api/core/notify/get', 'user', { key: mine.key });
    expect(posted.json.data.key).toBe(mine.key);

    for (const who of ['designer', 'admin']) {
      const other = await call('get', 'GET', `/api/core/notify/get?key=${mine.key}`, who);
      expect(other.status).toBe(404);
      expect(other.json.status).toBe(2);
    }
    expect((await call('get', 'GET', `/api/core/notify/get?key=${newKey()}`, 'user')).status).toBe(404);
    const missing = await call('get', 'GET', '/api/core/notify/get', 'user');
    expect(missing.json.status).toBe(5);
  });

  it("manage: read, unread and read_all change only the caller's rows; another user's key: 404 and nothing changes", async () => {
    const a = await notify('admin', subs.designer!, 'manage a');
    const b = await notify('admin', subs.designer!, 'manage b');
    const theirs = await notify('admin', subs.user!, 'manage theirs');

    const read = await call<{ updated: number; unread: number }>('manage', 'POST', '/api/core/notify/manage', 'designer', {
      action: 'read',
      keys: [a.key],
    });
    expect(read.status).toBe(200);
    expect(read.json.data.updated).toBe(1);
    expect((await call<Item>('get', 'GET', `/api/core/notify/get?key=${a.key}`, 'designer')).json.data.read).toBe(true);

    const unread = await call<{ unread: number }>('manage', 'POST', '/api/core/notify/manage', 'designer', {
      action: 'unread',
      keys: [a.key],
    });
    expect((await call<Item>('get', 'GET', `/api/core/notify/get?key=${a.key}`, 'designer')).json.data.read).toBe(false);
    const before = unread.json.data.unread;

    const refused = await call('manage', 'POST', '/api/core/notify/manage', 'designer', {
      action: 'read',
      keys: [b.key, theirs.key],
    });
    expect(refused.status).toBe(404);
    expect((await call<Item>('get', 'GET', `/api/core/notify/get?key=${b.key}`, 'designer')).json.data.read).toBe(false);
    expect((await call<Item>('get', 'GET', `/api/core/notify/get?key=${theirs.key}`, 'user')).json.data.read).toBe(false);

    const noKeys = await call<{ errors: Record<string, string> }>('manage', 'POST', '/api/core/notify/manage', 'designer', {
      action: 'read',
    });
    expect(noKeys.json.status).toBe(5);
    expect(noKeys.json.data.errors.keys).toBeTruthy();
    const badAction = await call('manage', 'POST', '/api/core/notify/manage', 'designer', { action: 'explode' });
    expect(badAction.json.status).toBe(5);

    const all = await call<{ updated: number; unread: number }>('manage', 'POST', '/api/core/notify/manage', 'designer', {
      action: 'read_all',
    });
    expect(all.json.data.updated).toBe(before);
    expect(all.json.data.unread).toBe(0);
    const list = await call<{ unread: number }>('list', 'GET', '/api/core/notify/list', 'designer');
    expect(list.json.data.unread).toBe(0);
    // The other user's notification stays unread.
    expect((await call<Item>('get', 'GET', `/api/core/notify/get?key=${theirs.key}`, 'user')).json.data.read).toBe(false);
  });

  it("drop: deletes the caller's own (POST and DELETE); another user's: 404 and it stays", async () => {
    const mine = await notify('user', subs.user!, 'drop me');
    const other = await notify('user', subs.user!, 'drop me too');
    const refused = await call('drop', 'POST', '/api/core/notify/drop', 'designer', { key: mine.key });
    expect(refused.status).toBe(404);
    expect((await call('get', 'GET', `/api/core/notify/get?key=${mine.key}`, 'user')).status).toBe(200);

    const dropped = await call<{ key: string; unread: number }>('drop', 'POST', '/api/core/notify/drop', 'user', {
      key: mine.key,
    });
    expect(dropped.status).toBe(200);
    expect(dropped.json.data.key).toBe(mine.key);
    expect((await call('get', 'GET', `/api/core/notify/get?key=${mine.key}`, 'user')).status).toBe(404);
    expect((await call('drop', 'POST', '/api/core/notify/drop', 'user', { key: mine.key })).status).toBe(404);
    expect((await call('drop', 'DELETE', `/api/core/notify/drop?key=${other.key}`, 'user')).status).toBe(200);
  });

  it('list/all: admin only, everyone or one target, paged by cursor', async () => {
    expect((await call('listAll', 'GET', '/api/core/notify/list/all', 'user')).status).toBe(403);
    expect((await call('listAll', 'GET', '/api/core/notify/list/all', 'holder')).status).toBe(403);
    const all = await call<{ items: Item[]; nextCursor: string | null }>(
      'listAll',
      'GET',
      '/api/core/notify/list/all?limit=200',
      'admin',
    );
    expect(all.status).toBe(200);
    const targets = new Set(all.json.data.items.map((i) => i.target));
    expect(targets.has(subs.user)).toBe(true);
    expect(targets.has(subs.designer)).toBe(true);

    const one = await call<{ items: Item[] }>('listAll', 'GET', '/api/core/notify/list/all?target=designer@example.com', 'admin');
    expect(one.json.data.items.length).toBeGreaterThan(0);
    expect(one.json.data.items.every((i) => i.target === subs.designer)).toBe(true);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: Envelope<{ items: Item[]; nextCursor: string | null }> } = await call(
        'listAll',
        'GET',
        `/api/core/notify/list/all?target=${subs.designer}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        'admin',
      );
      seen.push(...page.json.data.items.map((i) => i.key));
      cursor = page.json.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(one.json.data.items.map((i) => i.key));
    expect((await call('listAll', 'GET', '/api/core/notify/list/all?limit=0', 'admin')).json.status).toBe(5);
  });

  it("mail: an existing notification (own; staff: any) or a new one goes to the outbox in the target's language", async () => {
    const db = await getDb();
    await db.update(users).set({ lang: 'en' }).where(eq(users.sub, subs.user!));
    const mine = await notify('user', subs.user!, 'mail me', 'first line\n<b>bold?</b>');
    const mailed = await call<{ mail: string; notification: Item }>('mail', 'POST', '/api/core/notify/mail', 'user', {
      key: mine.key,
    });
    expect(mailed.status, JSON.stringify(mailed.json)).toBe(200);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.key, mailed.json.data.mail));
    expect(row).toMatchObject({ to: 'user@example.com', template: 'notification', lang: 'en', state: 'queued' });
    expect(row!.subject).toContain('mail me');
    expect(row!.text).toContain('first line\n<b>bold?</b>');
    expect(row!.html).toContain('first line<br>');
    expect(row!.html).toContain('&lt;b&gt;bold?&lt;/b&gt;');
    expect(row!.html).not.toContain('<b>bold');

    // Someone else's notification: 404 for a user, allowed for staff.
    expect((await call('mail', 'POST', '/api/core/notify/mail', 'designer', { key: mine.key })).status).toBe(404);
    expect((await call('mail', 'POST', '/api/core/notify/mail', 'holder', { key: mine.key })).status).toBe(200);

    const created = await call<{ mail: string; notification: Item & { target: string } }>(
      'mail',
      'POST',
      '/api/core/notify/mail',
      'admin',
      { target: subs.designer, subject: '新しいお知らせ', content: '本文' },
    );
    expect(created.status).toBe(200);
    expect(created.json.data.notification.target).toBe(subs.designer);
    const [jp] = await db.select().from(emailOutbox).where(eq(emailOutbox.key, created.json.data.mail));
    expect(jp).toMatchObject({ to: 'designer@example.com', lang: 'jp' });
    expect(jp!.subject).toContain('新しいお知らせ');

    expect((await call('mail', 'POST', '/api/core/notify/mail', 'user', { target: subs.designer, subject: 'x' })).status).toBe(
      403,
    );
    await db.update(users).set({ lang: 'jp' }).where(eq(users.sub, subs.user!));
  });

  it('emit/email: staff only; template or free text to a user by sub or e-mail; per-field errors', async () => {
    const body = { to: 'designer@example.com', subject: 'Hello', text: 'Free text' };
    expect((await call('emit', 'POST', '/api/notify/emit/email', 'user', body)).status).toBe(403);
    expect((await call('emit', 'POST', '/api/notify/emit/email', 'designer', body)).status).toBe(403);

    const free = await call<{ key: string; to: string }>('emit', 'POST', '/api/notify/emit/email', 'holder', body);
    expect(free.status).toBe(200);
    expect(free.json.data.to).toBe('designer@example.com');

    const templated = await call<{ key: string; template: string }>('emit', 'POST', '/api/notify/emit/email', 'admin', {
      to: subs.user,
      template: 'notification',
      vars: { subject: 'Templated', content: 'Body' },
      lang: 'en',
    });
    expect(templated.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.key, templated.json.data.key));
    expect(row).toMatchObject({ template: 'notification', lang: 'en', to: 'user@example.com' });

    const cases: [unknown, string][] = [
      [{ to: 'nobody@example.com', subject: 'a', text: 'b' }, 'to'],
      [{ to: subs.user, subject: 'only a subject' }, 'text'],
      [{ to: subs.user, template: 'no-such-template' }, 'template'],
      [{ to: subs.user, template: 'notification', subject: 'both', text: 'x' }, 'template'],
      [{ to: subs.user, template: 'notification', vars: { subject: '' } }, 'vars.subject'],
      [{ to: subs.user, subject: 'a', text: 'b', lang: 'fr' }, 'lang'],
    ];
    for (const [input, field] of cases) {
      const res = await call<{ errors: Record<string, string> }>('emit', 'POST', '/api/notify/emit/email', 'admin', input);
      expect(res.json.status, JSON.stringify(input)).toBe(5);
      expect(res.json.data.errors[field], `${JSON.stringify(input)} → ${JSON.stringify(res.json.data)}`).toBeTruthy();
    }
  });

  it('mail outbox routes: admin only; list by state, one with its text, retry (a sent one is refused)', async () => {
    expect((await call('outboxList', 'GET', '/api/core/mail/list', 'holder')).status).toBe(403);
    const list = await call<{ items: { key: string; state: string }[] }>(
      'outboxList',
      'GET',
      '/api/core/mail/list?state=queued',
      'admin',
    );
    expect(list.status).toBe(200);
    expect(list.json.data.items.length).toBeGreaterThan(0);
    expect(list.json.data.items.every((i) => i.state === 'queued')).toBe(true);
    expect((await call('outboxList', 'GET', '/api/core/mail/list?state=lost', 'admin')).json.status).toBe(5);

    const key = list.json.data.items[0]!.key;
    const one = await call<{ text: string; key: string }>('outboxGet', 'GET', `/api/core/mail/${key}`, 'admin');
    expect(one.status).toBe(200);
    expect(one.json.data.text.length).toBeGreaterThan(0);
    expect((await call('outboxGet', 'GET', `/api/core/mail/${key}`, 'user')).status).toBe(403);
    expect((await call('outboxGet', 'GET', `/api/core/mail/${newKey()}`, 'admin')).status).toBe(404);

    const db = await getDb();
    await db.update(emailOutbox).set({ state: 'kept' }).where(eq(emailOutbox.key, key));
    const retried = await call<{ state: string }>('outboxRetry', 'POST', `/api/core/mail/${key}/retry`, 'admin');
    expect(retried.status).toBe(200);
    expect(retried.json.data.state).toBe('queued');
    await db.update(emailOutbox).set({ state: 'sent' }).where(eq(emailOutbox.key, key));
    const refused = await call('outboxRetry', 'POST', `/api/core/mail/${key}/retry`, 'admin');
    expect(refused.status).toBe(409);
    expect(refused.json.status).toBe(5);
    expect((await call('outboxRetry', 'POST', `/api/core/mail/${newKey()}/retry`, 'admin')).status).toBe(404);
    expect((await call('outboxRetry', 'POST', `/api/core/mail/${key}/retry`, 'holder')).status).toBe(403);
  });
});
