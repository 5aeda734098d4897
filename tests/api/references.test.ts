/**
 * Reference numbers (lib/server/refs): drawn in the creating transaction, unique under 50 parallel
 * creations (PGlite here; PostgreSQL when DATABASE_URL is set), never reused after a delete or a
 * rolled-back creation, formatted per Holder.config, found by GET and by query as people type
 * them, and given to existing rows by the backfill migration.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as inviteOne from '@/pages/api/invite/[x]';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { holders, licensees } from '@/lib/server/db/entities-schema';
import { migrationsFolder } from '@/lib/server/db/migrate';
import { nextReference } from '@/lib/server/refs/allocate';
import { serveEntityApi, type EntityApi } from './entity-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

type Rec = Record<string, unknown>;
interface Envelope<T = Rec> {
  status: number;
  data: T;
}

let api: EntityApi;
let inviteServer: RouteServer;
const token: Record<string, string> = {};
let primaryIp = '';
let organisation = '';
const year = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date());

beforeAll(async () => {
  await ensureReady();
  api = await serveEntityApi();
  inviteServer = await serveRoute(inviteOne, '/api/invite/[x]');
  for (const [who, email] of Object.entries({
    holder: 'holder@example.com',
    designer: 'designer@example.com',
    owner: 'licensee@example.com',
    staff: 'licensee-staff@example.com',
  })) {
    token[who] = await issueAccessToken(await subOf(email));
  }
  const ip = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Reference Crisps', kind: 'primary' });
  expect(ip.json.status, ip.text).toBe(0);
  primaryIp = String(ip.json.data.key);
  const [org] = await (
    await getDb()
  )
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.name, 'Demo Snacks Manufacturing Co.'));
  organisation = org!.key;
});

afterAll(async () => {
  await Promise.all([api?.close(), inviteServer?.close()]);
});

const numberOf = (reference: string) => Number(reference.split('-').pop());

describe('references drawn under concurrency', () => {
  it('gives 50 usage permits requested at once 50 different, consecutive references', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.call<Envelope>('POST', '/api/v1/Usage', token.designer, { ip: primaryIp, purpose: `parallel ${i}` }),
      ),
    );
    for (const answer of answers) expect(answer.json.status, answer.text).toBe(0);
    const references = answers.map((a) => String(a.json.data.reference));
    expect(new Set(references).size).toBe(50);
    for (const reference of references) expect(reference).toMatch(new RegExp(`^USE-${year}-\\d{4}$`));
    const numbers = references.map(numberOf).sort((a, b) => a - b);
    expect(numbers[49]! - numbers[0]!).toBe(49);
  });

  it('gives 50 invitations sent at once 50 different references', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        inviteServer.request<Envelope>('POST', '/api/invite/licensee-staff', {
          headers: { authorization: `Bearer ${token.owner}` },
          body: { email: `parallel-${i}-${Date.now()}@example.com`, licensee: organisation, lang: 'jp' },
        }),
      ),
    );
    for (const answer of answers) expect(answer.json.status, answer.text).toBe(0);
    const references = answers.map((a) => String(a.json.data.reference));
    expect(new Set(references).size).toBe(50);
    for (const reference of references) expect(reference).toMatch(new RegExp(`^IVT-${year}-\\d{4}$`));
  });

  it('draws 50 payment references in 50 parallel transactions without a duplicate or a gap', async () => {
    const db = await getDb();
    const references = await Promise.all(Array.from({ length: 50 }, () => db.transaction((tx) => nextReference(tx, 'payment'))));
    expect(new Set(references).size).toBe(50);
    expect(references.map(numberOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('references are never given twice', () => {
  it('does not give the number of a deleted record again', async () => {
    const first = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, { ip: primaryIp, purpose: 'deleted soon' });
    const reference = String(first.json.data.reference);
    const removed = await api.call<Envelope>('DELETE', `/api/v1/Usage/${String(first.json.data.key)}`, token.designer);
    expect(removed.json.status, removed.text).toBe(0);
    const next = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, {
      ip: primaryIp,
      purpose: 'after the delete',
    });
    expect(numberOf(String(next.json.data.reference))).toBe(numberOf(reference) + 1);
  });

  it('gives back the number of a creation that rolled back: no committed record skips or repeats one', async () => {
    const db = await getDb();
    const before = await db.transaction((tx) => nextReference(tx, 'product'));
    await expect(
      db.transaction(async (tx) => {
        await nextReference(tx, 'product');
        throw new Error('the creation failed');
      }),
    ).rejects.toThrow('the creation failed');
    const after = await db.transaction((tx) => nextReference(tx, 'product'));
    expect(numberOf(after)).toBe(numberOf(before) + 1);
  });

  it('refuses a reference in a request body: it is the server’s', async () => {
    const res = await api.call<Envelope<{ errors: Rec }>>('POST', '/api/v1/Usage', token.designer, {
      ip: primaryIp,
      purpose: 'chosen number',
      reference: 'USE-1999-0001',
    });
    expect(res.status).toBe(400);
    expect(res.json.data.errors).toHaveProperty('reference');
  });
});

describe('finding a record by its reference', () => {
  it('reads a record by reference as typed: lower case, full width, long-vowel dashes', async () => {
    const made = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, { ip: primaryIp, purpose: 'found by number' });
    const reference = String(made.json.data.reference);
    const typed = [
      reference,
      reference.toLowerCase(),
      reference.replace(/[A-Z0-9-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
      reference.replaceAll('-', 'ー'),
    ];
    for (const id of typed) {
      const res = await api.call<Envelope>('GET', `/api/v1/Usage/${encodeURIComponent(id)}`, token.designer);
      expect(res.json.status, `${id}: ${res.text}`).toBe(0);
      expect(res.json.data.key).toBe(made.json.data.key);
    }
    // Another person's record is not found by its number either.
    const other = await api.call<Envelope>('GET', `/api/v1/Usage/${reference}`, token.staff);
    expect(other.status).toBe(404);
  });

  it('filters and searches queries by reference and by the names people quote', async () => {
    const made = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, { ip: primaryIp, purpose: 'queried' });
    const reference = String(made.json.data.reference);
    const exact = await api.call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/Usage/query', token.designer, {
      filter: { reference },
    });
    expect(exact.json.data.items.map((i) => i.key)).toEqual([made.json.data.key]);
    const typed = await api.call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/Usage/query', token.holder, {
      q: reference.toLowerCase(),
    });
    expect(typed.json.data.items.map((i) => i.key)).toEqual([made.json.data.key]);
    // By the IP's name (what the permit is for) and a word of its purpose, both words must match.
    const byName = await api.call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/Usage/query', token.holder, {
      q: 'reference queried',
      limit: 500,
    });
    expect(byName.json.data.items.map((i) => i.key)).toContain(made.json.data.key);
    expect(byName.json.data.items.every((i) => String(i.purpose).includes('queried'))).toBe(true);
    const tooLong = await api.call<Envelope>('POST', '/api/v1/Usage/query', token.holder, { q: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
  });

  it('publishes the reference as a read-only, queryable field of the entity', async () => {
    const { openApiDocument } = await import('@/lib/server/openapi/document');
    const doc = openApiDocument() as { components: { schemas: Record<string, { properties: Record<string, Rec> }> } };
    for (const entity of ['IP', 'Usage', 'License', 'Product', 'SalesReport', 'Invoice']) {
      expect(doc.components.schemas[entity]!.properties.reference, entity).toMatchObject({ type: 'string', readOnly: true });
      expect(doc.components.schemas[`${entity}Create`]!.properties).not.toHaveProperty('reference');
    }
  });
});

describe('the holder chooses the format', () => {
  it('uses a format from Holder.config for the next record and refuses one that cannot work', async () => {
    const db = await getDb();
    const [holder] = await db.select().from(holders).where(eq(holders.is_default, true));
    const admin = await issueAccessToken(await subOf('admin@example.com'));
    const bad = await api.call<Envelope<{ errors: Rec }>>('PATCH', `/api/v1/Holder/${holder!.key}`, admin, {
      config: { ...holder!.config, 'reference.usage': 'use-{seq}' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.data.errors).toHaveProperty(['config.reference.usage']);
    const ok = await api.call<Envelope>('PATCH', `/api/v1/Holder/${holder!.key}`, admin, {
      config: { ...holder!.config, 'reference.usage': 'P{YY}/{seq:5}' },
    });
    expect(ok.json.status, ok.text).toBe(0);
    const made = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, { ip: primaryIp, purpose: 'new format' });
    // The counter goes on: the new format continues the year's numbers instead of starting again.
    expect(String(made.json.data.reference)).toMatch(new RegExp(`^P${year.slice(2)}/000\\d\\d$`));
    await api.call('PATCH', `/api/v1/Holder/${holder!.key}`, admin, { config: holder!.config });
  });

  it('writes a number wider than its format in full, with the text around it', async () => {
    // The record's INSERT renders the number it draws (lib/server/refs referenceInInsert): padded
    // to the width, never cut to it, and the text after it kept.
    const db = await getDb();
    const [holder] = await db.select().from(holders).where(eq(holders.is_default, true));
    const admin = await issueAccessToken(await subOf('admin@example.com'));
    const set = await api.call<Envelope>('PATCH', `/api/v1/Holder/${holder!.key}`, admin, {
      config: { ...holder!.config, 'reference.usage': 'US-{seq:2}-{YYYY}' },
    });
    expect(set.json.status, set.text).toBe(0);
    await db.execute(
      sql`update reference_counters set last = 99 where holder = ${holder!.key} and kind = 'usage' and period = ${year}`,
    );
    const made = await api.call<Envelope>('POST', '/api/v1/Usage', token.designer, { ip: primaryIp, purpose: 'wide number' });
    expect(made.json.data.reference).toBe(`US-100-${year}`);
    await api.call('PATCH', `/api/v1/Holder/${holder!.key}`, admin, { config: holder!.config });
  });
});

describe('the backfill migration', () => {
  it('numbers existing rows per kind and year in order of creation, and the counters continue after them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipl-refs-migrations-'));
    fs.cpSync(migrationsFolder, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((e) => e.tag.endsWith('_references'));
    fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: dir });
      await db.execute(sql`insert into holders (key, name, is_default) values ('h1', 'Holder', true)`);
      // Two primary and three secondary IPs over two years (Tokyo time: the first is still 2025).
      await db.execute(sql`insert into ips (key, name, kind, date_created) values
        ('a', 'A', 'primary', '2025-12-31T14:00:00Z'), ('b', 'B', 'secondary', '2025-06-01T00:00:00Z'),
        ('c', 'C', 'secondary', '2026-01-05T00:00:00Z'), ('d', 'D', 'secondary', '2025-12-31T15:30:00Z'),
        ('e', 'E', 'primary', '2026-02-01T00:00:00Z')`);
      await db.execute(sql`insert into invitations (key, kind, email, role, token_hash, invited_by, expires_at)
        values ('i1', 'licensee-staff', 'x@example.com', 'staff', 'h', 's', now())`);
      await migrate(db, { migrationsFolder });
      const rows = (await db.execute(sql`select key, reference from ips order by key`)).rows as {
        key: string;
        reference: string;
      }[];
      expect(Object.fromEntries(rows.map((r) => [r.key, r.reference]))).toEqual({
        a: 'PIP-2025-0001',
        b: 'IP-2025-0001',
        c: 'IP-2026-0002',
        d: 'IP-2026-0001',
        e: 'PIP-2026-0001',
      });
      const counters = (
        await db.execute(sql`select kind, period, last from reference_counters where holder = 'h1' order by kind, period`)
      ).rows;
      expect(counters).toEqual(
        expect.arrayContaining([
          { kind: 'ip', period: '2025', last: 1 },
          { kind: 'ip', period: '2026', last: 2 },
          { kind: 'primary_ip', period: '2026', last: 1 },
          { kind: 'invitation', period: expect.any(String), last: 1 },
        ]),
      );
      // Every reference column is now required.
      await expect(db.execute(sql`insert into ips (key, name) values ('z', 'Z')`)).rejects.toThrow();
    } finally {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000); // A second database of its own, migrated twice: slow on a busy machine.
});
