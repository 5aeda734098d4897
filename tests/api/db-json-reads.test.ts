/**
 * The hot reads whose answer the database writes (#20), pinned against the functions that build
 * the same answer in JS: the notification list, the holder's usage permits with their queue, and
 * the gallery queries the designer and licensee pages send. And the SQL text cached by shape:
 * requests that differ only in values share one text and still get their own rows.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { ips, reviews, usages } from '@/lib/server/db/entities-schema';
import { notifications } from '@/lib/server/db/schema';
import { cachedTexts } from '@/lib/server/db/sql-shape';
import { entities } from '@/lib/server/entities/definitions';
import { queryRecords } from '@/lib/server/entities/records';
import { viewerOf } from '@/lib/server/entities/viewer';
import { readQueue } from '@/lib/server/flow/queue-reads';
import { factsOf } from '@/lib/server/naming/load-names';
import { factsFromLookups } from '@/lib/server/naming/lookups';
import { nameQueueItems, reviewQueue } from '@/lib/server/flow/review-queue';
import { newKey } from '@/lib/server/keys';
import { listNotifications } from '@/lib/server/notify/list-notifications';
import * as listRoute from '@/pages/api/core/notify/list';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { fixtureReference } from './references';
import { callerOf, issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}

const people = {
  designer: 'designer@example.com',
  brand: 'brand@example.com',
  licensee: 'licensee@example.com',
  user: 'user@example.com',
} as const;
type Persona = keyof typeof people;
const token = {} as Record<Persona, string>;
const sub = {} as Record<Persona, string>;
let api: FlowApi;
let notify: RouteServer;
// A word only this file's IPs carry, so the gallery answers hold just them.
const MARK = `dbjson${newKey(6)}`;

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  notify = await serveRoute(listRoute, '/api/core/notify/list');
  for (const [name, email] of Object.entries(people) as [Persona, string][]) {
    sub[name] = await subOf(email);
    token[name] = await issueAccessToken(sub[name]);
  }
  const db = await getDb();
  // Published primaries and approved secondaries (galleries), drafts nobody else may see.
  await db.insert(ips).values(
    Array.from({ length: 14 }, (_, i) => ({
      key: newKey(),
      reference: fixtureReference('IP'),
      name: `${MARK} ${i % 2 ? 'Alpha' : 'Beta'} "${i}" ねこ`,
      kind: i % 3 === 0 ? 'secondary' : 'primary',
      state: i % 3 === 0 ? 'approved' : i % 5 === 0 ? 'draft' : 'published',
      tags: i % 4 === 1 ? ['gallery-tag'] : [],
      images: i % 2 ? [{ hash: `imagehash${i}`, name: `p${i}.png` }] : [],
      dateCreated: new Date(Date.UTC(2025, 0, 1, 0, i)),
      dateUpdated: new Date(Date.UTC(2025, 1, 1, 0, 14 - i)),
    })),
  );
});

afterAll(async () => {
  await api?.close();
  await notify?.close();
});

async function listAs(as: Persona) {
  return notify.request<Envelope>('GET', '/api/core/notify/list', { headers: { authorization: `Bearer ${token[as]}` } });
}

describe('GET /api/core/notify/list, written by the database', () => {
  it('answers exactly what the JS list gives: the newest 50, the unread count, links, only the caller’s', async () => {
    const db = await getDb();
    const row = (target: string, i: number) => ({
      key: newKey(),
      target,
      subject: i === 3 ? 'quote " back \\ tab \t nl \n 🐈' : `subject ${i}`,
      content: i % 7 === 0 ? '' : `content ${i}\nline two`,
      link: i % 2 ? `/designer/usage?open=${i}` : null,
      created: new Date(Date.UTC(2025, 5, 1, 0, 0, i, i)),
      readAt: i % 3 === 0 ? new Date(Date.UTC(2025, 5, 2)) : null,
    });
    await db
      .insert(notifications)
      .values([
        ...Array.from({ length: 55 }, (_, i) => row(sub.designer, i)),
        ...Array.from({ length: 3 }, (_, i) => row(sub.brand, i)),
      ]);
    const res = await listAs('designer');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const expected = await listNotifications(db, sub.designer);
    expect(expected.items).toHaveLength(50);
    expect(res.text).toBe(JSON.stringify({ status: 0, data: expected }));
    const brand = await listAs('brand');
    expect(brand.text).toBe(JSON.stringify({ status: 0, data: await listNotifications(db, sub.brand) }));
  });

  it('answers an empty list and zero unread for a caller with none, and refuses a caller without a session', async () => {
    expect((await listAs('user')).text).toBe('{"status":0,"data":{"items":[],"unread":0}}');
    expect((await notify.request('GET', '/api/core/notify/list')).status).toBe(401);
  });
});

describe('POST /api/v1/Usage/holder/list, permits written by the database', () => {
  let ip: string;

  beforeAll(async () => {
    ip = newKey();
    await (
      await getDb()
    )
      .insert(ips)
      .values({ key: ip, reference: fixtureReference('IP'), name: `${MARK} permit IP`, kind: 'primary', state: 'published' });
    for (const purpose of ['first request', 'second request', 'third request']) {
      const made = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, { ip, purpose });
      expect(made.json.status, JSON.stringify(made.json.data)).toBe(0);
    }
  });

  async function expected(body: unknown) {
    const db = await getDb();
    const viewer = await viewerOf(db, await callerOf(people.brand));
    // The queue's items with each permit's whole row as drizzle reads it, where the route sends the database's text on.
    const queue = nameQueueItems(await reviewQueue(db, viewer, ['usage']), 'jp');
    const rows = await db
      .select()
      .from(usages)
      .where(
        inArray(
          usages.key,
          queue.map((item) => String(item.subject.key)),
        ),
      );
    const rowOf = new Map(rows.map((row) => [row.key, row]));
    return JSON.parse(
      JSON.stringify({
        queue: queue.map((item) => ({ ...item, subject: rowOf.get(String(item.subject.key)) })),
        permits: await queryRecords(db, entities.Usage, viewer, body),
      }),
    ) as { queue: Record<string, unknown>[] };
  }

  // Minutes waited move with the clock between the two reads; everything else must be equal.
  const steady = (answer: { queue: Record<string, unknown>[] }) => ({
    ...answer,
    queue: answer.queue.map((item) => ({ ...item, waitingMinutes: 0 })),
  });

  it.each([
    ['an empty body', {}],
    ['a filter, sort and limit', { filter: { ip: 'IP_KEY', state: 'requested' }, sort: { dateCreated: 1 }, limit: 2 }],
    ['a search', { q: 'second', limit: 5 }],
  ])('answers the queue and the permits page the JS functions give (%s)', async (_, template) => {
    const body = JSON.parse(JSON.stringify(template).replace('IP_KEY', ip)) as unknown;
    const res = await api.call<Envelope<{ queue: Record<string, unknown>[]; permits: { items: unknown[] } }>>(
      'POST',
      '/api/v1/Usage/holder/list',
      token.brand,
      body,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.queue.length).toBeGreaterThanOrEqual(3);
    expect(steady(res.json.data)).toEqual(steady(await expected(body)));
  });

  it('follows the permits page’s cursor and refuses a bad body or a caller outside the holder', async () => {
    const first = await api.call<Envelope<{ permits: { items: { key: string }[]; nextCursor: string | null } }>>(
      'POST',
      '/api/v1/Usage/holder/list',
      token.brand,
      { filter: { ip }, limit: 2 },
    );
    expect(first.json.data.permits.items).toHaveLength(2);
    const cursor = first.json.data.permits.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const next = await api.call<Envelope<{ permits: { items: { key: string }[]; nextCursor: string | null } }>>(
      'POST',
      '/api/v1/Usage/holder/list',
      token.brand,
      { filter: { ip }, limit: 2, cursor },
    );
    expect(next.json.data.permits.items).toHaveLength(1);
    expect(next.json.data.permits.nextCursor).toBeNull();
    const bad = await api.call<Envelope>('POST', '/api/v1/Usage/holder/list', token.brand, { limit: 0 });
    expect([bad.status, bad.json.status]).toEqual([400, 5]);
    expect((await api.call('POST', '/api/v1/Usage/holder/list', token.designer, {})).status).toBe(403);
  });
});

describe('the approval queue’s reads, one statement written by the database', () => {
  it('reads the pending reviews, their subjects and their decisions as drizzle reads them', async () => {
    const db = await getDb();
    // A reader who owns no designer record: the designer group's reviews are not theirs.
    const reads = await readQueue(db, ['usage', 'ip', 'license'], ['brand', 'legal', 'holder'], 'no-such-person');
    expect(reads.ownDesigners).toEqual([]);
    expect(reads.pending.length).toBeGreaterThanOrEqual(3);
    const pending = await db
      .select()
      .from(reviews)
      .where(
        and(
          inArray(reviews.subject_type, ['usage', 'ip', 'license']),
          eq(reviews.state, 'pending'),
          inArray(reviews.group, ['brand', 'legal', 'holder']),
        ),
      )
      .orderBy(asc(reviews.dateCreated), asc(reviews.key))
      .limit(500);
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect([...reads.pending].sort(byKey)).toEqual([...pending].sort(byKey));
    const permitKeys = pending.filter((r) => r.subject_type === 'usage').map((r) => r.subject_key);
    const withRows = await readQueue(db, ['usage', 'ip', 'license'], ['brand', 'legal', 'holder'], 'no-such-person', {
      rows: true,
    });
    expect(withRows.pending).toEqual(reads.pending);
    expect(reads.rows.size).toBe(0);
    for (const permit of await db.select().from(usages).where(inArray(usages.key, permitKeys))) {
      // The queue reads the fields its rules and names need; the whole row only passes through, as text.
      const facts = reads.subjects.get(`Usage:${permit.key}`)!;
      expect(Object.keys(facts).sort()).toEqual(
        ['key', 'state', 'reference', 'ip', 'designer', 'applicant', 'licensee'].filter((f) => f in permit).sort(),
      );
      expect(facts).toEqual(Object.fromEntries(Object.keys(facts).map((f) => [f, permit[f as keyof typeof permit]])));
      expect(JSON.parse(withRows.rows.get(`Usage:${permit.key}`)!)).toEqual(JSON.parse(JSON.stringify(permit)));
      // What names the permit was read in the same statement, and names it as reading it by key does.
      const [byKey] = await factsOf(db, 'usage', [permit]);
      expect(factsFromLookups('usage', permit, reads.names.get(`Usage:${permit.key}`)!)).toEqual(byKey);
    }
    const keys = [...new Set(pending.map((r) => r.subject_key))];
    const siblings = await db
      .select({
        subject_key: reviews.subject_key,
        step: reviews.step,
        revision: reviews.revision,
        group: reviews.group,
        reviewer: reviews.reviewer,
        state: reviews.state,
      })
      .from(reviews)
      .where(inArray(reviews.subject_key, keys));
    const order = (a: object, b: object) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    expect([...reads.siblings].sort(order)).toEqual([...siblings].sort(order));
  });

  it('sends each subject’s row on as written, one holding control characters too, and skips a subject that is gone', async () => {
    const db = await getDb();
    const odd = newKey();
    const gone = newKey();
    await db.insert(usages).values({
      key: odd,
      reference: fixtureReference('USE'),
      ip: newKey(),
      // The rows travel in one text split at U+0001: one inside a row must not split it.
      purpose: `${MARK} line one\nline two \u0001 "quoted"\ttab`,
    });
    // The gone subject's review first of all, so that every row after it would be out of step if it took no place.
    const opened = [odd, gone].map((subject) => ({
      ...(subject === gone ? { dateCreated: new Date('2020-01-01T00:00:00Z') } : {}),
      key: newKey(),
      subject_type: 'usage',
      subject_key: subject,
      group: 'brand',
      step: 'requested',
      state: 'pending',
      revision: 1,
    }));
    await db.insert(reviews).values(opened);
    try {
      const reads = await readQueue(db, ['usage'], ['brand'], 'no-such-person', { rows: true });
      const keys = reads.pending.map((review) => review.subject_key);
      expect(keys).toEqual(expect.arrayContaining([odd, gone]));
      expect(reads.rows.has(`Usage:${gone}`)).toBe(false);
      const rows = await db.select().from(usages).where(inArray(usages.key, keys));
      expect(rows.map((row) => row.key)).toContain(odd);
      for (const row of rows) expect(JSON.parse(reads.rows.get(`Usage:${row.key}`)!)).toEqual(JSON.parse(JSON.stringify(row)));
      expect(reads.rows.size).toBe(rows.length);
    } finally {
      await db.delete(reviews).where(
        inArray(
          reviews.key,
          opened.map((review) => review.key),
        ),
      );
      await db.delete(usages).where(eq(usages.key, odd));
    }
  });
});

describe('gallery queries (POST /api/v1/IP/query), written by the database', () => {
  const primary = (q: string, tag?: string) => ({
    filter: { kind: 'primary', state: 'published', ...(tag ? { tags: tag } : {}) },
    q,
    sort: { dateCreated: -1 },
    limit: 12,
  });
  const secondary = { filter: { kind: 'secondary', state: 'approved' }, q: MARK, sort: { dateUpdated: -1 }, limit: 12 };
  const licensee = {
    filter: {
      $or: [
        { kind: 'primary', state: 'published' },
        { kind: 'secondary', state: 'approved' },
      ],
    },
    q: MARK,
    sort: { name: 1 },
    limit: 200,
  };

  it.each([
    ['designer', 'primary gallery', primary(MARK)],
    ['designer', 'primary gallery, a tag and two words', primary(`${MARK} Alpha`, 'gallery-tag')],
    ['designer', 'secondary gallery', secondary],
    ['licensee', 'licensee gallery', licensee],
  ] as const)('%s: %s answers what queryRecords gives', async (as, _, body) => {
    const res = await api.call<Envelope<{ items: unknown[] }>>('POST', '/api/v1/IP/query', token[as], body);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.items.length).toBeGreaterThan(0);
    const db = await getDb();
    const page = await queryRecords(db, entities.IP, await viewerOf(db, await callerOf(people[as])), body);
    // The same names, order and values; jsonb columns keep PostgreSQL's spacing inside the text.
    expect(JSON.stringify(JSON.parse(res.text))).toBe(JSON.stringify({ status: 0, data: page }));
  });
});

describe('SQL text cached by shape', () => {
  const body = (word: string, state: string) => ({ filter: { state, kind: 'primary' }, q: `${MARK} ${word}`, limit: 12 });

  it('gives requests that differ only in values one text, and each its own rows', async () => {
    const first = await api.call<Envelope<{ items: { name: string }[] }>>(
      'POST',
      '/api/v1/IP/query',
      token.designer,
      body('Alpha', 'published'),
    );
    const texts = cachedTexts().length;
    const second = await api.call<Envelope<{ items: { name: string }[] }>>(
      'POST',
      '/api/v1/IP/query',
      token.designer,
      body('Beta', 'draft'),
    );
    expect(cachedTexts().length).toBe(texts);
    const names = (r: typeof first) => r.json.data.items.map((i) => i.name);
    expect(names(first).length).toBeGreaterThan(0);
    expect(names(first).every((n) => n.includes('Alpha'))).toBe(true);
    // The designer sees no one's drafts: the other state is a value too, and changes the rows.
    expect(names(second)).toEqual([]);
    const third = await api.call<Envelope<{ items: { name: string }[] }>>(
      'POST',
      '/api/v1/IP/query',
      token.designer,
      body('Beta', 'published'),
    );
    expect(cachedTexts().length).toBe(texts);
    expect(names(third).length).toBeGreaterThan(0);
    expect(names(third).every((n) => n.includes('Beta'))).toBe(true);
    // Other callers, values and filter words: none of them is in any cached text.
    await listAs('brand');
    for (const value of [MARK, 'Alpha', 'Beta', sub.designer, sub.brand, 'draft']) {
      expect(cachedTexts().filter((t) => t.includes(value))).toEqual([]);
    }
  });

  it('gives another shape its own text: another operator or an optional clause', async () => {
    const before = cachedTexts().length;
    await api.call('POST', '/api/v1/IP/query', token.designer, { filter: { state: { $ne: 'draft' } }, q: MARK, limit: 3 });
    await api.call('POST', '/api/v1/IP/query', token.designer, { filter: { state: { $ne: 'x' } }, q: 'other', limit: 7 });
    expect(cachedTexts().length).toBe(before + 1);
    const page = await api.call<Envelope<{ nextCursor: string }>>('POST', '/api/v1/IP/query', token.designer, {
      filter: { state: { $ne: 'draft' } },
      q: MARK,
      limit: 3,
    });
    await api.call('POST', '/api/v1/IP/query', token.designer, {
      filter: { state: { $ne: 'draft' } },
      q: MARK,
      limit: 3,
      cursor: page.json.data.nextCursor,
    });
    expect(cachedTexts().length).toBe(before + 2);
  });
});
