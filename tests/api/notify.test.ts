import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { notifications, oidcPayloads, users } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import type { NotificationList } from '@/lib/server/notify/list-notifications';
import { getSecrets } from '@/lib/server/secrets';
import * as listRoute from '@/pages/api/core/notify/list';
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
