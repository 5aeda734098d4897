/**
 * Several app replicas on one PostgreSQL database and one shared data directory (OPERATIONS.md):
 * started at the same moment on a fresh database, they take turns migrating and seeding (each
 * migration and each demo account once), agree on the generated secrets and keys, and a change
 * made through one replica reaches the live notification stream served by the other (LISTEN/NOTIFY).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from './app';
import { call, SECRET, sessionCookie } from './client';
import { createDatabase, type TestDatabase } from './database';
import { subOf } from './people';

const PORTS = [3195, 3196] as const;

/** Reads a server-sent event stream and collects the unread counts it announces. */
function unreadStream(url: string, cookie: string): { counts: number[]; close: () => void } {
  const counts: number[] = [];
  let buffer = '';
  const req = http.get(url, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: unread\ndata: (.*)$/m.exec(event)?.[1];
        if (data) counts.push((JSON.parse(data) as { unread: number }).unread);
      }
    });
  });
  req.on('error', () => undefined);
  return { counts, close: () => req.destroy() };
}

async function waitFor(what: string, timeoutMs: number, check: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('two replicas on one database', () => {
  let db: TestDatabase;
  let apps: AppProcess[] = [];

  beforeAll(async () => {
    db = await createDatabase('postgres');
    const env = { ...db.env, NEXTAUTH_SECRET: SECRET, DEMO_PASSWORD: 'system-demo-password' };
    // Both at once, on a database nobody has migrated yet.
    const started = await Promise.allSettled(PORTS.map((port) => startApp(port, env)));
    apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
  }, 300_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await db?.dispose();
  }, 120_000);

  it('migrated and seeded once between them', async () => {
    const files = fs.readdirSync(path.join(process.cwd(), 'lib/server/db/migrations')).filter((f) => f.endsWith('.sql'));
    const [applied] = await db.use((sql) =>
      sql.query<{ n: string; distinct_hashes: string }>(
        'select count(*) as n, count(distinct hash) as distinct_hashes from drizzle.__drizzle_migrations',
      ),
    );
    expect(Number(applied!.n)).toBe(files.length);
    expect(Number(applied!.distinct_hashes)).toBe(files.length);
    const duplicates = await db.use((sql) => sql.query('select email from users group by email having count(*) > 1'));
    expect(duplicates).toEqual([]);
    for (const app of apps) expect(app.log()).not.toMatch(/already exists|duplicate key/i);
  });

  it('agree on the keys they generated into the shared data directory', async () => {
    const [a, b] = await Promise.all(apps.map(async (app) => (await fetch(`${app.url}/api/vc/jwks`)).json()));
    expect(a).toEqual(b);
    const issuers = await Promise.all(
      apps.map(async (app) =>
        ((await (await fetch(`${app.url}/api/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid),
      ),
    );
    expect(issuers[0]).toEqual(issuers[1]);
  });

  it("carry a notification made through one replica to the other's live stream", async () => {
    const [admin, designer] = await db.use(async (sql) => [
      await sessionCookie(await subOf(sql, 'admin@example.com')),
      await sessionCookie(await subOf(sql, 'designer@example.com')),
    ]);
    const stream = unreadStream(`${apps[1]!.url}/api/core/notify/stream`, designer!);
    try {
      await waitFor('the first count', 15_000, () => stream.counts.length > 0);
      const before = stream.counts.at(-1)!;
      const made = await call(apps[0]!.url, 'POST', '/api/core/notify/new', admin!, {
        target: 'designer@example.com',
        subject: 'Across replicas',
        content: 'Made on one replica, announced by the other.',
      });
      expect(made.http).toBe(200);
      await waitFor('the count to rise on the other replica', 10_000, () => stream.counts.at(-1) === before + 1);
    } finally {
      stream.close();
    }
  });
});
