import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { notifications } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import { closeListener, subscriberCount } from '@/lib/server/notify/listener';
import { NOTIFY_CHANNEL } from '@/lib/server/notify/stream-unread';
import * as streamRoute from '@/pages/api/core/notify/stream';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

const PATH = '/api/core/notify/stream';

interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves with the next `unread` value the server pushes. */
  nextUnread(timeoutMs?: number): Promise<number>;
  close(): void;
  closed: Promise<void>;
}

/** Opens the event stream over a real socket and parses `event: unread` blocks as they arrive. */
function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}${PATH}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const values: number[] = [];
      const waiters: ((n: number) => void)[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes('event: unread')) continue;
          const data = /data: (.*)/.exec(block)?.[1];
          const n = (JSON.parse(data ?? '{}') as { unread: number }).unread;
          const waiter = waiters.shift();
          if (waiter) waiter(n);
          else values.push(n);
        }
      });
      const closed = new Promise<void>((done) => res.on('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        nextUnread(timeoutMs = 1000) {
          const ready = values.shift();
          if (ready !== undefined) return Promise.resolve(ready);
          return new Promise((ok, fail) => {
            const waiter = (n: number) => {
              clearTimeout(timer);
              ok(n);
            };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              fail(new Error(`no unread event within ${timeoutMs} ms`));
            }, timeoutMs);
            waiters.push(waiter);
          });
        },
        close: () => req.destroy(),
        closed,
      });
    });
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
  });
}

describe('GET /api/core/notify/stream (server-sent events)', () => {
  let server: RouteServer;
  let sub: string;
  let otherSub: string;

  beforeAll(async () => {
    await ensureReady();
    server = await serveRoute(streamRoute, PATH);
    sub = await subOf('designer@example.com');
    otherSub = await subOf('holder@example.com');
  });
  afterAll(async () => {
    await server.close();
    await closeListener();
  });

  it('refuses a caller without credentials (401 envelope, no stream)', async () => {
    const res = await server.request('GET', PATH);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ status: 8, data: 'invalid session' });
  });

  it('pushes the unread count at once, then the new count within a second of an insert by another db call', async () => {
    const token = await issueAccessToken(sub);
    const stream = await openStream(server.url, { authorization: `Bearer ${token}` });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      expect(stream.headers['cache-control']).toContain('no-transform');
      const first = await stream.nextUnread(2000);

      const db = await getDb();
      const started = Date.now();
      const key = newKey();
      await db.insert(notifications).values({ key, target: sub, subject: 'live', content: 'now' });
      expect(await stream.nextUnread(1000)).toBe(first + 1);
      expect(Date.now() - started).toBeLessThan(1000);

      // Someone else's notification is not this stream's business.
      await db.insert(notifications).values({ key: newKey(), target: otherSub, subject: 'not yours' });
      await expect(stream.nextUnread(300)).rejects.toThrow(/no unread event/);

      // Reading it (an update) and deleting another: the count follows.
      await db.update(notifications).set({ readAt: new Date() }).where(eqKey(key));
      expect(await stream.nextUnread(1000)).toBe(first);
    } finally {
      stream.close();
      await stream.closed;
    }
  });

  it('fans several streams out from one LISTEN and cleans up when they close', async () => {
    const token = await issueAccessToken(sub);
    const otherToken = await issueAccessToken(otherSub);
    // The previous test's stream is gone once the server has seen its socket close.
    await expect.poll(() => subscriberCount(NOTIFY_CHANNEL), { timeout: 2000 }).toBe(0);
    const before = 0;
    const a = await openStream(server.url, { authorization: `Bearer ${token}` });
    const b = await openStream(server.url, { authorization: `Bearer ${token}` });
    const c = await openStream(server.url, { authorization: `Bearer ${otherToken}` });
    const [na, nb, nc] = [await a.nextUnread(2000), await b.nextUnread(2000), await c.nextUnread(2000)];
    expect(subscriberCount(NOTIFY_CHANNEL)).toBe(before + 3);
    const db = await getDb();
    await db.insert(notifications).values({ key: newKey(), target: sub, subject: 'both tabs' });
    expect(await a.nextUnread()).toBe(na + 1);
    expect(await b.nextUnread()).toBe(nb + 1);
    await db.insert(notifications).values({ key: newKey(), target: otherSub, subject: 'the other one' });
    expect(await c.nextUnread()).toBe(nc + 1);
    for (const s of [a, b, c]) s.close();
    await Promise.all([a.closed, b.closed, c.closed]);
    await expect.poll(() => subscriberCount(NOTIFY_CHANNEL), { timeout: 2000 }).toBe(before);
  });
});

function eqKey(key: string) {
  return sql`${notifications.key} = ${key}`;
}
