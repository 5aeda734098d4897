/**
 * The answer cache of the database-written reads (#20): an answer is served again only while no
 * table it read has been written since, by anyone. A write through the API, a write by another
 * connection straight into the database and a rolled-back write are each tested against the very
 * next read; callers of different scope never share an answer; statements reading a table without
 * a version trigger, or the clock, are never cached, and are listed as such. On PGlite a hit is
 * proven current by this process's own counts of the writes, with no statement at all; on
 * PostgreSQL by one small statement.
 */
import { like, sql } from 'drizzle-orm';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { answerCacheStats, resetAnswerCache } from '@/lib/server/db/answer-cache';
import { getDbHandle, type DbHandle } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { ips } from '@/lib/server/db/entities-schema';
import { selectText } from '@/lib/server/db/select-text';
import { newKey } from '@/lib/server/keys';
import { serveFlowApi, type FlowApi } from './flow-api';
import { fixtureReference } from './references';
import { issueAccessToken, subOf } from './tokens';

interface Page {
  status: number;
  data: { items: { key: string; name: string; state: string; description?: string }[]; nextCursor: string | null };
}

let api: FlowApi;
let handle: DbHandle;
const token = { admin: '', designer: '' };
// A word only this file's IPs carry, so each answer holds just them.
const MARK = `anscache${newKey(6)}`;

/**
 * Raw SQL on a connection of its own, as another replica of the app would write. PostgreSQL: a
 * second client. PGlite has one owner per directory, so there it is the same client used
 * underneath the app (still no code path of the app knows of the write).
 */
interface Other {
  run(text: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

async function otherConnection(): Promise<Other> {
  if (handle.pool) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    return { run: async (text, params) => void (await client.query(text, params)), close: () => client.end() };
  }
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return { run: async (text, params) => void (await client.query(text, params)), close: async () => undefined };
}

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  handle = await getDbHandle();
  token.admin = await issueAccessToken(await subOf('admin@example.com'));
  token.designer = await issueAccessToken(await subOf('designer@example.com'));
  await handle.db.insert(ips).values(
    ['published', 'published', 'draft'].map((state, i) => ({
      key: newKey(),
      reference: fixtureReference('IP'),
      name: `${MARK} seeded ${i}`,
      kind: 'primary',
      state,
    })),
  );
});

afterAll(async () => {
  await api?.close();
});

beforeEach(() => resetAnswerCache());

const body = (word = MARK) => ({ filter: { name: { $contains: word } }, sort: { name: 1 }, limit: 50 });

async function query(as: keyof typeof token, word = MARK): Promise<Page['data']['items']> {
  const res = await api.call<Page>('POST', '/api/v1/IP/query', token[as], body(word));
  expect(res.status, res.text).toBe(200);
  return res.json.data.items;
}

const names = (items: Page['data']['items']) => items.map((i) => i.name);

const onPglite = !process.env.DATABASE_URL;
/** Checks made without a statement: each check on PGlite, none on PostgreSQL. */
const local = (checks: number) => (onPglite ? checks : 0);

describe('the answer cache of /api/v1/IP/query', () => {
  it('serves a repeated read from the cache and sees a write through the API on the very next read', async () => {
    const first = await query('admin');
    expect(names(first)).toEqual([`${MARK} seeded 0`, `${MARK} seeded 1`, `${MARK} seeded 2`]);
    expect(await query('admin')).toEqual(first);
    expect(answerCacheStats()).toMatchObject({ misses: 1, hits: 1, stale: 0, uncached: 0, checkedLocally: local(1) });

    const made = await api.call<{ status: number; data: { key: string } }>('POST', '/api/v1/IP', token.admin, {
      name: `${MARK} made`,
      kind: 'primary',
    });
    expect(made.json.status, made.text).toBe(0);
    const after = await query('admin');
    expect(names(after)).toEqual([...names(first), `${MARK} made`].sort());
    // The second miss is the holder's row, which the write's request read from the emptied cache.
    expect(answerCacheStats()).toMatchObject({ misses: 2, hits: 1, stale: 1, checkedLocally: local(2) });
  });

  it('sees a write made by another connection straight into the database on the next read', async () => {
    const before = await query('admin');
    await query('admin');
    const other = await otherConnection();
    try {
      await other.run(`insert into ips (key, reference, name, kind, state) values ($1, $2, $3, 'primary', 'published')`, [
        newKey(),
        fixtureReference('IP'),
        `${MARK} from elsewhere`,
      ]);
      expect(names(await query('admin'))).toEqual([...names(before), `${MARK} from elsewhere`].sort());
      // An update and a delete count as much as an insert.
      await other.run(`update ips set name = $1 where name = $2`, [`${MARK} renamed elsewhere`, `${MARK} from elsewhere`]);
      expect(names(await query('admin'))).toContain(`${MARK} renamed elsewhere`);
      await other.run(`delete from ips where name = $1`, [`${MARK} renamed elsewhere`]);
      expect(await query('admin')).toEqual(before);
    } finally {
      await other.close();
    }
    expect(answerCacheStats()).toMatchObject({ misses: 1, hits: 1, stale: 3 });
  });

  it('is neither invalidated nor poisoned by a write that is rolled back', async () => {
    const before = await query('admin');
    const insert = `insert into ips (key, reference, name, kind, state) values ('${newKey()}', '${fixtureReference('IP')}', '${MARK} never', 'primary', 'published')`;
    if (handle.pool) {
      // PostgreSQL: a read while the write is open does not see it, and the answer it keeps stays right.
      const other = await otherConnection();
      try {
        await other.run('begin');
        await other.run(insert);
        resetAnswerCache();
        expect(await query('admin')).toEqual(before);
        await other.run('rollback');
      } finally {
        await other.close();
      }
    } else {
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      await expect(
        client.transaction(async (tx) => {
          await tx.query(insert);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      resetAnswerCache();
      expect(await query('admin')).toEqual(before);
    }
    // Kept before the rollback, still valid after it: a hit, with the write absent.
    expect(await query('admin')).toEqual(before);
    expect(answerCacheStats()).toMatchObject({ misses: 1, hits: 1, stale: 0 });
  });

  it('gives a designer and an administrator sending the same body their own answers', async () => {
    const admin = await query('admin');
    const designer = await query('designer');
    expect(admin.map((i) => i.state)).toContain('draft');
    expect(designer.map((i) => i.state)).not.toContain('draft');
    expect(names(designer)).toEqual(names(admin.filter((i) => i.state !== 'draft')));
    // Each first read missed: the designer was not served the administrator's answer.
    expect(answerCacheStats()).toMatchObject({ misses: 2, hits: 0 });
    expect(await query('designer')).toEqual(designer);
    expect(await query('admin')).toEqual(admin);
    expect(answerCacheStats()).toMatchObject({ misses: 2, hits: 2 });
  });

  it('checks in the statement itself while every check finds a write, and still answers every read fresh', async () => {
    await query('admin');
    const other = await otherConnection();
    try {
      for (let i = 0; i < 30; i++) {
        await other.run(`update ips set description = $1 where name = $2`, [`round ${i}`, `${MARK} seeded 1`]);
        const items = (
          await api.call<{ data: { items: { name: string; description: string }[] } }>(
            'POST',
            '/api/v1/IP/query',
            token.admin,
            body(),
          )
        ).json.data.items;
        expect(items.find((item) => item.name === `${MARK} seeded 1`)?.description).toBe(`round ${i}`);
      }
    } finally {
      await other.close();
    }
    const stats = answerCacheStats();
    // PGlite knows of each write without asking: every check is local, none costs a statement.
    if (onPglite) expect(stats).toMatchObject({ checkedLocally: 30, checkedInOne: 0 });
    else expect(stats.checkedInOne).toBeGreaterThan(10);
    expect(stats.hits).toBe(0);
    expect(stats.stale).toBe(30);
    // And once the writes stop, the statement's own check serves the kept answer.
    const kept = await query('admin');
    expect(await query('admin')).toEqual(kept);
    expect(answerCacheStats()).toMatchObject({ hits: 2, stale: 30 });
  });

  it('answers one read asked for many times at once with shared statements, each seeing every write made before it was asked', async () => {
    const other = await otherConnection();
    try {
      for (let round = 0; round < 5; round++) {
        // Five asked together, then a write by another connection, then five more: those five must see it.
        const before = Array.from({ length: 5 }, () => query('admin'));
        await other.run(`update ips set description = $1 where name = $2`, [`burst ${round}`, `${MARK} seeded 1`]);
        const after = await Promise.all(Array.from({ length: 5 }, () => query('admin')));
        await Promise.all(before);
        for (const items of after) expect(items.find((i) => i.name === `${MARK} seeded 1`)?.description).toBe(`burst ${round}`);
      }
    } finally {
      await other.close();
    }
    const stats = answerCacheStats();
    // Fifty reads, but those asked while a statement of the same read ran shared the next one. (PGlite
    // runs one statement at a time on its one connection, each request's reads queued behind the
    // others', so there the reads seldom overlap.)
    if (!onPglite) expect(stats.shared).toBeGreaterThan(0);
    expect(stats.hits + stats.stale + stats.misses).toBe(50);
  });

  it('keeps answers apart by their bound values (another word is another entry)', async () => {
    const all = await query('admin');
    const one = await query('admin', `${MARK} seeded 1`);
    expect(names(one)).toEqual([`${MARK} seeded 1`]);
    expect(all.length).toBeGreaterThan(1);
    expect(answerCacheStats()).toMatchObject({ misses: 2, hits: 0 });
  });
});

describe('proving a hit current', () => {
  const written = `${MARK} written`;
  const statement = sql`select count(*)::text from ${ips} where ${ips.name} like ${`${MARK}%`}`;
  const count = async (over: DbHandle = handle) => Number(await selectText(over, statement, 'test scope'));
  const row = (label: string) => ({
    key: newKey(),
    reference: fixtureReference('IP'),
    name: `${written} ${label}`,
    kind: 'primary',
    state: 'published',
  });
  const pglite = () => (handle.db as unknown as { $client: PGlite }).$client;

  /** Counts what reaches the database: every protocol message on PGlite, every pool query on PostgreSQL. */
  function sentDuring<T>(work: () => Promise<T>): Promise<{ value: T; sent: number }> {
    const spy = handle.pool ? vi.spyOn(handle.pool, 'query') : vi.spyOn(pglite(), 'execProtocolRaw');
    return work()
      .then((value) => ({ value, sent: spy.mock.calls.length }))
      .finally(() => spy.mockRestore());
  }

  afterAll(async () => {
    await handle.db.delete(ips).where(like(ips.name, `${written} %`));
  });

  it('sends no statement for a hit on PGlite, one small one on PostgreSQL', async () => {
    const miss = await sentDuring(() => count());
    expect(miss.sent).toBeGreaterThan(0);
    const hit = await sentDuring(() => count());
    expect(hit.value).toBe(miss.value);
    expect(hit.sent).toBe(onPglite ? 0 : 1);
    expect(answerCacheStats()).toMatchObject({ misses: 1, hits: 1, checkedLocally: local(1) });
  });

  it('sees a write in db.transaction and an autocommitted one on the read right after each resolves', async () => {
    const before = await count();
    expect(await count()).toBe(before);
    await handle.db.transaction(async (tx) => {
      await tx.insert(ips).values(row('in a transaction'));
      await tx
        .update(ips)
        .set({ description: 'touched' })
        .where(like(ips.name, `${written} %`));
    });
    expect(await count()).toBe(before + 1);
    await handle.db.insert(ips).values(row('autocommitted'));
    expect(await count()).toBe(before + 2);
    await handle.db.delete(ips).where(like(ips.name, `${written} %`));
    expect(await count()).toBe(before);
    expect(answerCacheStats()).toMatchObject({ misses: 1, hits: 1, stale: 3, checkedLocally: local(4) });
  });

  it('keeps the hit through a write that is rolled back', async () => {
    const before = await count();
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(ips).values(row('never'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await count()).toBe(before);
    expect(answerCacheStats()).toMatchObject({ misses: 1, hits: 1, stale: 0, checkedLocally: local(1) });
  });

  /** Runs `meanwhile` once, after the first statement whose text has `marker` ran, before the cache gets its answer. */
  function afterStatement(marker: string, meanwhile: () => Promise<unknown>): void {
    const target = (handle.pool ?? pglite()) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const original = target.query.bind(target);
    const spy = vi.spyOn(target, 'query').mockImplementation(async (...args) => {
      const result = await original(...args);
      if (JSON.stringify(args[0]).includes(marker)) {
        spy.mockRestore();
        await meanwhile();
      }
      return result;
    });
  }

  it('does not serve again an answer whose statement ran before a write committed', async () => {
    const before = await count();
    resetAnswerCache();
    // The miss's statement (the one reading the counts with the answer) is done; then a write commits.
    afterStatement('__v.v', () => handle.db.insert(ips).values(row('meanwhile')));
    expect(await count()).toBe(before);
    expect(await count()).toBe(before + 1);
    expect(answerCacheStats()).toMatchObject({ misses: 1, hits: 0, stale: 1 });
    await handle.db.delete(ips).where(like(ips.name, `${written} %`));
  });

  it('answers every read after a write that raced the read before it', async () => {
    const before = await count();
    for (let i = 1; i <= 8; i++) {
      const write = () => handle.db.insert(ips).values(row(`racing ${i}`));
      // Either order: the read may or may not see the write, but the next read must.
      await (i % 2 ? Promise.all([count(), write()]) : Promise.all([write(), count()]));
      expect(await count()).toBe(before + i);
    }
    expect(await count()).toBe(before + 8);
    expect(answerCacheStats().hits).toBeGreaterThan(0);
    await handle.db.delete(ips).where(like(ips.name, `${written} %`));
  });

  it.runIf(onPglite)('reads the counts where the trigger does not report writes to this process', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Without the setting the trigger notifies no more than 0026's did.
    await pglite().exec('reset app.version_notify');
    try {
      // A handle of its own is proven afresh, and fails the proof.
      const unproven: DbHandle = { ...handle };
      const before = await count(unproven);
      expect(await count(unproven)).toBe(before);
      await handle.db.insert(ips).values(row('unreported'));
      expect(await count(unproven)).toBe(before + 1);
      expect(answerCacheStats()).toMatchObject({ misses: 1, hits: 1, stale: 1, checkedLocally: 0 });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('does not report writes'));
    } finally {
      await pglite().exec(`set app.version_notify = 'on'`);
      warn.mockRestore();
    }
  });
});

describe('what the answer cache never caches', () => {
  it('runs a statement reading a table without a version trigger every time, and lists it', async () => {
    const statement = sql`select count(*)::text from ${users}`;
    expect(await selectText(handle, statement, 'test scope')).toMatch(/^\d+$/);
    expect(await selectText(handle, statement, 'test scope')).toMatch(/^\d+$/);
    const stats = answerCacheStats();
    expect(stats).toMatchObject({ hits: 0, misses: 0, uncached: 2, entries: 0 });
    expect(stats.uncachedStatements).toContainEqual({
      text: expect.stringContaining('"users"'),
      reason: 'reads users without a version trigger',
    });
  });

  it('finds a table named only in hand-written text through the statement’s plan', async () => {
    const statement = sql`select count(*)::text from ${ips} where exists (select 1 from users where false or ${ips.key} = users.sub)`;
    await selectText(handle, statement, 'test scope');
    expect(answerCacheStats().uncachedStatements).toContainEqual({
      text: expect.stringContaining('from users'),
      reason: 'reads users without a version trigger',
    });
  });

  it('runs a statement that reads the clock every time', async () => {
    const statement = sql`select count(*)::text from ${ips} where ${ips.dateCreated} < now()`;
    await selectText(handle, statement, 'test scope');
    await selectText(handle, statement, 'test scope');
    expect(answerCacheStats()).toMatchObject({ hits: 0, uncached: 2 });
    expect(answerCacheStats().uncachedStatements).toContainEqual({ text: expect.stringContaining('now()'), reason: 'uses now' });
  });

  it('caches the hot reads: the IP query and the notification list read only tracked tables', async () => {
    await query('admin');
    expect(answerCacheStats().uncachedStatements).toEqual([]);
    const { listNotificationsJson } = await import('@/lib/server/notify/list-notifications-json');
    const target = await subOf('designer@example.com');
    const first = await listNotificationsJson(handle, target);
    expect((await listNotificationsJson(handle, target)).text).toBe(first.text);
    expect(answerCacheStats()).toMatchObject({ hits: 1, uncached: 0 });
  });

  it('counts each writing transaction once, in that transaction only, and keeps the count through folds', async () => {
    const sum = async () =>
      BigInt(
        (
          await handle.db.execute<{ v: string }>(
            sql`select ((select sum(version) from data_versions where table_name = 'ips')
              + (select count(*) from data_changes where table_name = 'ips'))::text as v`,
          )
        ).rows[0]!.v,
      );
    const changes = async () =>
      Number(
        (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from data_changes where table_name = 'ips'`))
          .rows[0]!.n,
      );
    const start = await sum();
    // Two statements in one transaction count once.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update ips set name = name where name = ${`${MARK} seeded 0`}`);
      await tx.execute(sql`update ips set name = name where name = ${`${MARK} seeded 1`}`);
    });
    expect(await sum()).toBe(start + 1n);
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`delete from ips where name = ${`${MARK} seeded 0`}`);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await sum()).toBe(start + 1n);
    // About one transaction in 32 folds the rows into data_versions; the sum counts on exactly.
    // (transaction ids are shared with other databases of the server, so it is waited for, not counted on).
    const before = await changes();
    let written = 0;
    while (written < 400 && (await changes()) === before + written) {
      await handle.db.execute(sql`update ips set name = name where name = ${`${MARK} seeded 1`}`);
      written++;
    }
    expect(await changes()).toBeLessThan(before + written);
    expect(await sum()).toBe(start + 1n + BigInt(written));
  });
});
