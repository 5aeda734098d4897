/**
 * Streamed royalty imports (issue #20): the file is the request body, read as it arrives, checked
 * in batches and loaded in one transaction. A good file stores every row; refused rows come back
 * with their line numbers and nothing is stored, even when the bad row is near the end of a very
 * long file (900,000 of 1,000,000 on PostgreSQL; 90,000 of 100,000 on PGlite, where a million rows
 * would take minutes); a client that goes away mid-upload leaves nothing either.
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { licensees, licenses, products, sales, salesReports } from '@/lib/server/db/entities-schema';
import { newKey } from '@/lib/server/keys';
import * as streamRoute from '@/pages/api/sales/import/stream';
import * as previewRoute from '@/pages/api/sales/preview/stream';
import { serveRoute, type RouteServer } from './harness';
import { fixtureReference } from './references';
import { issueAccessToken, subOf } from './tokens';

type Envelope = { status: number; data: Record<string, unknown> };

let server: RouteServer;
let preview: RouteServer;
let owner = '';
const fx = { org: '', license: '', reference: '' };
const onPostgres = Boolean(process.env.DATABASE_URL);

const HEADER = 'License,SKU,Country,Qty,Gross,Net';
const MAPPING = {
  license: 'License',
  product: 'SKU',
  territory: 'Country',
  units: 'Qty',
  gross_sales: 'Gross',
  net_sales: 'Net',
};
const period = { period_start: '2026-10-01', period_end: '2026-10-31' };

/** The query string of an import: period, organisation, file name and `mapping[field]=column`. */
function query(fileName: string): string {
  const q = new URLSearchParams({ licensee: fx.org, ...period, file_name: fileName });
  for (const [field, column] of Object.entries(MAPPING)) q.set(`mapping[${field}]`, column);
  return q.toString();
}

/**
 * A CSV of `rows` data rows made as it is sent, 2,000 lines a chunk; `bad(i)` gives the line of a
 * refused row (i from 1, the first data row).
 */
async function* csvRows(rows: number, bad: (i: number) => string | null = () => null): AsyncGenerator<Buffer> {
  let lines = [HEADER];
  for (let i = 1; i <= rows; i++) {
    lines.push(bad(i) ?? `${fx.reference},CHIPS-1,${i % 2 ? 'JP' : 'TW'},${1 + (i % 9)},${100 + (i % 50)},${90 + (i % 50)}`);
    if (lines.length === 2000 || i === rows) {
      yield Buffer.from(`${lines.join('\n')}\n`);
      lines = [];
    }
  }
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** POSTs a streamed body to the route; `abortAfter` chunks sent, the client goes away instead. */
function upload(
  body: AsyncIterable<Buffer>,
  options: { fileName?: string; lang?: 'jp' | 'en'; accept?: string; abortAfter?: number } = {},
): Promise<Answer> {
  const url = new URL(`/api/sales/import/stream?${query(options.fileName ?? 'sales.csv')}`, server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner}`,
        'x-lang': options.lang ?? 'en',
        'content-type': 'text/csv',
        accept: options.accept ?? 'application/json',
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    if (options.abortAfter !== undefined) {
      req.on('error', () => resolve({ status: 0, contentType: '', text: '' }));
      let sent = 0;
      void (async () => {
        for await (const chunk of body) {
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
          if (++sent === options.abortAfter) {
            req.destroy();
            return;
          }
        }
      })();
      return;
    }
    req.on('error', reject);
    Readable.from(body).pipe(req);
  });
}

const envelope = (a: Answer) => JSON.parse(a.text) as Envelope;

async function stored() {
  const db = await getDb();
  const [s] = await db.select({ n: count() }).from(sales).where(eq(sales.license, fx.license));
  const [r] = await db.select({ n: count() }).from(salesReports).where(eq(salesReports.licensee, fx.org));
  return { sales: s!.n, reports: r!.n };
}

beforeAll(async () => {
  await ensureReady();
  server = await serveRoute(streamRoute, '/api/sales/import/stream');
  preview = await serveRoute(previewRoute, '/api/sales/preview/stream');
  owner = await issueAccessToken(await subOf('licensee@example.com'));
  const db = await getDb();
  const [org] = await db
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.name, 'Demo Snacks Manufacturing Co.'));
  fx.org = org!.key;
  fx.license = newKey();
  fx.reference = fixtureReference('LIC');
  await db.insert(licenses).values({
    key: fx.license,
    reference: fx.reference,
    ip: newKey(),
    licensee: fx.org,
    state: 'active',
    territory: ['JP', 'TW'],
    term_start: new Date('2026-01-01T00:00:00Z'),
    term_end: new Date('2026-12-31T00:00:00Z'),
    royalty_rate_bp: 1250,
    currency: 'JPY',
  });
  await db.insert(products).values({
    key: newKey(),
    reference: fixtureReference('PRD'),
    license: fx.license,
    licensee: fx.org,
    name: 'Chips',
    sku: 'CHIPS-1',
    state: 'approved',
  });
});

afterAll(async () => {
  await server?.close();
  await preview?.close();
});

describe('POST /api/sales/import/stream', () => {
  it('imports a good file of several batches whole: every row stored under one report, totals summed', async () => {
    const before = await stored();
    const rows = 12_345;
    const answer = await upload(csvRows(rows));
    expect(answer.status, answer.text).toBe(200);
    const report = envelope(answer).data;
    expect(report).toMatchObject({
      licensee: fx.org,
      source: 'csv',
      file_name: 'sales.csv',
      row_count: rows,
      state: 'submitted',
    });
    const db = await getDb();
    const [n] = await db
      .select({ n: count() })
      .from(sales)
      .where(eq(sales.report, String(report.key)));
    expect(n!.n).toBe(rows);
    let units = 0;
    let net = 0;
    for (let i = 1; i <= rows; i++) {
      units += 1 + (i % 9);
      net += 90 + (i % 50);
    }
    const totals = report.totals as Record<string, { rows: number; units: number; net_sales: number; royalty: number }>;
    expect(totals.JPY).toMatchObject({ rows, units, net_sales: net });
    expect((await stored()).sales).toBe(before.sales + rows);
  });

  it('previews a streamed file: its columns, the mapping guessed, the first 20 rows and the count of all', async () => {
    const body = Readable.from(csvRows(30_000));
    const res = await fetch(new URL(`/api/sales/preview/stream?licensee=${fx.org}&file_name=big.csv`, preview.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'x-lang': 'en', 'content-type': 'text/csv' },
      body: Readable.toWeb(body) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      status: number;
      data: { columns: string[]; preview: unknown[]; rowCount: number; kind: string };
    };
    expect(answer.data).toMatchObject({ kind: 'csv', columns: HEADER.split(','), rowCount: 30_000 });
    expect(answer.data.preview).toHaveLength(20);
  });

  it('reports progress as JSON lines when asked, the envelope last', async () => {
    const answer = await upload(csvRows(11_000), { accept: 'application/x-ndjson' });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain('application/x-ndjson');
    const lines = answer.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const progress = lines.filter((l) => 'progress' in l).map((l) => (l.progress as { rows: number }).rows);
    expect(progress).toEqual([5000, 10_000, 11_000]);
    expect(lines.at(-1)).toMatchObject({ status: 0, data: { row_count: 11_000 } });
  });

  it('names each refused row by its line (the header is line 1), in the reader language, and stores nothing', async () => {
    const before = await stored();
    const bad = (i: number) =>
      i === 2 ? `${fx.reference},CHIPS-1,US,1,100,90` : i === 7001 ? `${fx.reference},NOPE-9,JP,1,100,90` : null;
    const en = await upload(csvRows(8000, bad));
    expect(en.status, en.text).toBe(400);
    const data = envelope(en).data as { refused: number; errors: Record<string, Record<string, string>>; refusals: unknown[] };
    expect(envelope(en).status).toBe(15);
    expect(data.refused).toBe(2);
    expect(Object.keys(data.errors)).toEqual(['row 3', 'row 7002']);
    expect(data.errors['row 3']!.territory).toBe(
      `Column Country "US": This territory is not among the license's territories. Accepted: JP, TW`,
    );
    expect(data.errors['row 7002']!.product).toContain('Column SKU "NOPE-9": No product of this license has this SKU');
    expect(data.refusals).toContainEqual(
      expect.objectContaining({ row: 7002, field: 'product', column: 'SKU', value: 'NOPE-9' }),
    );
    const jp = await upload(
      csvRows(10, (i) => (i === 4 ? `${fx.reference},CHIPS-1,JP,-1,100,90` : null)),
      { lang: 'jp' },
    );
    expect(jp.status).toBe(400);
    expect((envelope(jp).data as { errors: Record<string, Record<string, string>> }).errors['row 5']!.units).toBe(
      'Qty列「-1」: 0以上の整数を入力してください。',
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses a missing mapping or a bad parameter before reading the file, naming the field', async () => {
    const url = new URL(
      `/api/sales/import/stream?licensee=${fx.org}&period_start=2026-10-01&period_end=soon&file_name=x.csv`,
      server.url,
    );
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'x-lang': 'en', 'content-type': 'text/csv' },
      body: `${HEADER}\n`,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: number; data: { errors: Record<string, string> } };
    expect(body.status).toBe(5);
    expect(Object.keys(body.data.errors)).toEqual(['period_end']);
    const unmapped = await upload(
      (async function* () {
        yield Buffer.from('Licence,Item\nA,B\n');
      })(),
    );
    expect(unmapped.status).toBe(400);
    expect(Object.keys((envelope(unmapped).data as { errors: Record<string, string> }).errors)).toContain('mapping.license');
  });

  it('stores nothing when the client goes away in the middle of the upload', async () => {
    const before = await stored();
    await upload(csvRows(40_000), { abortAfter: 12 });
    // The server notices the closed connection, rolls back, and the database is free again.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stored()).toEqual(before);
    const after = await upload(csvRows(3));
    expect(after.status, after.text).toBe(200);
  });

  const big = onPostgres ? { rows: 1_000_000, bad: 900_000 } : { rows: 100_000, bad: 90_000 };
  it(`refuses a ${big.rows.toLocaleString('en')}-row file for its one bad row at row ${big.bad.toLocaleString('en')}, storing nothing`, async () => {
    const before = await stored();
    const answer = await upload(
      csvRows(big.rows, (i) => (i === big.bad ? `${fx.reference},CHIPS-1,JP,1,100,200` : null)),
      { fileName: 'big.csv' },
    );
    expect(answer.status, answer.text.slice(0, 500)).toBe(400);
    const data = envelope(answer).data as { refused: number; errors: Record<string, Record<string, string>> };
    expect(data.refused).toBe(1);
    expect(data.errors).toEqual({ [`row ${big.bad + 1}`]: { net_sales: 'Column Net "200": Net sales exceed gross sales.' } });
    expect(await stored()).toEqual(before);
  }, 240_000);
});
