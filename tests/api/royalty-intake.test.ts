/**
 * The royalty month's intake (issue 21): rows name the license by its contract reference and the
 * product by SKU or reference; the month's template comes pre-filled; future and unfinished
 * periods are refused; a second report of a license and period is a correction that supersedes
 * the first exactly once when approved; every refusal names row, column and value, and nothing
 * is stored.
 */
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { holders, licensees, licenses, products, reviews, sales, salesReports } from '@/lib/server/db/entities-schema';
import { newKey } from '@/lib/server/keys';
import { supersedeCorrected } from '@/lib/server/sales/corrections';
import { japanToday } from '@/lib/format/japan-calendar';
import { salesTemplate } from '@/lib/server/sales/template';
import { callerRecord } from '@/lib/server/users/accounts';
import type { Caller } from '@/lib/server/api/authenticate';
import * as importRoute from '@/pages/api/sales/import';
import * as reportRoute from '@/pages/api/sales/report';
import * as templateRoute from '@/pages/api/sales/template';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { fixtureReference } from './references';
import { issueAccessToken, subOf } from './tokens';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };
type Rec = Record<string, unknown>;

let api: FlowApi;
const routes: Record<string, RouteServer> = {};
const token: Record<string, string> = {};
const fx = { org: '', ip: '', license: '', ref: '', sku: 'TMPL-1', other: '', otherRef: '' };

async function call(method: string, path: string, who: string, body?: unknown, lang = 'en') {
  const server = routes[path.split('?')[0]!.replace('/api/sales/', '')]!;
  return server.request<Envelope<Rec>>(method, path, {
    headers: { authorization: `Bearer ${token[who]}`, 'x-lang': lang },
    body,
  });
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function counts() {
  const db = await getDb();
  const [s] = await db.select({ n: count() }).from(sales);
  const [r] = await db.select({ n: count() }).from(salesReports);
  return { sales: s!.n, reports: r!.n };
}

const MAPPING = {
  license: 'Contract reference',
  product: 'SKU',
  territory: 'Territory',
  units: 'Units',
  gross_sales: 'Gross sales',
  net_sales: 'Net sales',
};
const HEADER = 'Contract reference,SKU,Territory,Units,Gross sales,Net sales';

function importBody(period: { period_start: string; period_end: string }, rows: string[]) {
  return {
    licensee: fx.org,
    ...period,
    file_name: 'month.csv',
    content_base64: b64([HEADER, ...rows].join('\n')),
    mapping: MAPPING,
  };
}

/** Fills the downloaded CSV template: units and amounts on the row of `sku`, other rows left blank. */
function fill(template: string, sku: string, units: number, gross: number, net: number): string {
  return template
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((line) => {
      const cells = line.split(',');
      if (cells[1] !== sku) return line;
      cells[4] = String(units);
      cells[5] = String(gross);
      cells[6] = String(net);
      return cells.join(',');
    })
    .join('\r\n');
}

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  routes.import = await serveRoute(importRoute, '/api/sales/import');
  routes.report = await serveRoute(reportRoute, '/api/sales/report');
  routes.template = await serveRoute(templateRoute, '/api/sales/template');
  for (const [who, email] of Object.entries({
    owner: 'licensee@example.com',
    holder: 'holder@example.com',
    cfl: 'cfl@example.com',
  })) {
    token[who] = await issueAccessToken(await subOf(email));
  }
  const db = await getDb();
  const [org] = await db
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.name, 'Demo Snacks Manufacturing Co.'));
  fx.org = org!.key;
  const ip = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Intake crisps', kind: 'primary' });
  fx.ip = String(ip.json.data.key);
  const license = async (term: [string, string]) => {
    const key = newKey();
    const reference = fixtureReference('LIC');
    await db.insert(licenses).values({
      key,
      reference,
      ip: fx.ip,
      licensee: fx.org,
      state: 'active',
      territory: ['JP'],
      term_start: new Date(`${term[0]}T00:00:00Z`),
      term_end: new Date(`${term[1]}T00:00:00Z`),
      royalty_rate_bp: 1000,
      currency: 'JPY',
    });
    return { key, reference };
  };
  const a = await license(['2025-01-01', '2027-12-31']);
  fx.license = a.key;
  fx.ref = a.reference;
  // A license that ended before October: not offered in October's template.
  const b = await license(['2025-01-01', '2025-12-31']);
  fx.other = b.key;
  fx.otherRef = b.reference;
  for (const [lic, sku, state] of [
    [a.key, fx.sku, 'approved'],
    [a.key, 'TMPL-DRAFT', 'draft'],
    [b.key, 'OLD-1', 'approved'],
  ] as const) {
    await db.insert(products).values({
      key: newKey(),
      reference: fixtureReference('PRD'),
      license: lic,
      ip: fx.ip,
      licensee: fx.org,
      name: `Crisps ${sku}`,
      sku,
      state,
    });
  }
});

afterAll(async () => {
  await api.close();
  await Promise.all(Object.values(routes).map((r) => r.close()));
});

const october = { period_start: '2026-10-01', period_end: '2026-10-31' };

describe('periods', () => {
  it('refuses a future period, naming it and what would be accepted; nothing stored', async () => {
    const before = await counts();
    const res = await call(
      'POST',
      '/api/sales/import',
      'owner',
      importBody({ period_start: '2027-01-01', period_end: '2027-01-31' }, [`${fx.ref},${fx.sku},JP,1,100,100`]),
    );
    expect(res.json.status, res.text).toBe(5);
    expect((res.json.data.errors as Rec).period_start).toMatch(/has not begun/);
    expect(res.json.data.reason).toBe('future');
    expect(await counts()).toEqual(before);
  });

  it('refuses the unfinished current period unless Holder.config allows it', async () => {
    const db = await getDb();
    const current = { period_start: '2026-11-01', period_end: '2026-11-30' };
    // The rule is relative to today in Japan, where a month ends for the holder: take the month
    // running there (from 15:00 UTC on a month's last day, that is already the next one).
    const [y, m] = japanToday(new Date()).split('-').map(Number) as [number, number];
    current.period_start = new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10);
    current.period_end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const before = await counts();
    const refused = await call(
      'POST',
      '/api/sales/import',
      'owner',
      importBody(current, [`${fx.ref},${fx.sku},JP,1,100,100`]),
      'jp',
    );
    expect(refused.json.status, refused.text).toBe(5);
    expect((refused.json.data.errors as Rec).period_end).toMatch(/まだ終わっていません/);
    expect(refused.json.data.reason).toBe('unfinished');
    expect(await counts()).toEqual(before);

    const [holder] = await db.select().from(holders).where(eq(holders.is_default, true));
    await db
      .update(holders)
      .set({ config: { ...holder!.config, 'sales.allow_current_period': 'true' } })
      .where(eq(holders.key, holder!.key));
    try {
      const allowed = await call('POST', '/api/sales/import', 'owner', importBody(current, [`${fx.ref},${fx.sku},JP,1,100,100`]));
      expect(allowed.json.status, allowed.text).toBe(0);
    } finally {
      await db.update(holders).set({ config: holder!.config }).where(eq(holders.key, holder!.key));
    }
  });
});

describe('the month template', () => {
  it('is pre-filled with the licenses in force and their approved products, by contract reference and SKU', async () => {
    const res = await call('GET', `/api/sales/template?licensee=${fx.org}&period=2026-10&format=csv`, 'owner');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Contract reference,SKU,Product,Territory,Units,Gross sales,Net sales,Currency');
    const mine = lines.filter((l) => l.startsWith(fx.ref) || l.startsWith(fx.otherRef));
    // The draft product and the license whose term ended are not offered.
    expect(mine).toEqual([`${fx.ref},${fx.sku},Crisps ${fx.sku},JP,,,,JPY`]);
  });

  it('comes as XLSX with Japanese headers for a Japanese reader (the service, without HTTP)', async () => {
    const sub = await subOf('licensee@example.com');
    const record = await callerRecord(await getDb(), sub);
    const caller: Caller = { sub, access: record!.access, via: 'bearer', lang: 'jp' };
    const file = await salesTemplate(await getDb(), caller, { licensee: fx.org, period: '2026-10', format: 'xlsx' });
    expect(file.fileName).toBe('売上報告_2026-10.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '契約番号',
      'SKU',
      '商品名',
      '地域',
      '数量',
      '総売上',
      '純売上',
      '通貨',
    ]);
  });

  it('refuses a malformed month, naming the field', async () => {
    const bad = await call('GET', `/api/sales/template?licensee=${fx.org}&period=2026-13`, 'owner');
    expect(bad.json.status).toBe(5);
    expect(Object.keys(bad.json.data.errors as Rec)).toEqual(['period']);
  });
});

describe('intake by contract reference and SKU', () => {
  it('refuses an unknown contract reference and an unknown SKU naming row, column and value; nothing stored', async () => {
    const before = await counts();
    const res = await call(
      'POST',
      '/api/sales/import',
      'owner',
      importBody(october, [
        `${fx.ref},${fx.sku},JP,1,100,100`,
        `LIC-2026-9999,${fx.sku},JP,1,100,100`,
        `${fx.ref},NOPE-9,JP,1,100,100`,
      ]),
    );
    expect(res.json.status, res.text).toBe(15);
    expect(res.json.data.refusals).toEqual([
      {
        row: 3,
        field: 'license',
        column: 'Contract reference',
        value: 'LIC-2026-9999',
        message: expect.stringContaining(fx.ref),
      },
      {
        row: 4,
        field: 'product',
        column: 'SKU',
        value: 'NOPE-9',
        message: `Column SKU "NOPE-9": No product of this license has this SKU, JAN code or product reference. Accepted: ${fx.sku}`,
      },
    ]);
    expect((res.json.data.errors as Rec)['row 3']).toEqual({
      license: expect.stringMatching(
        /^Column Contract reference "LIC-2026-9999": No license has this contract reference\. Accepted: /,
      ),
    });
    expect(await counts()).toEqual(before);
  });

  it('imports the filled template: blank rows skipped, rows stored against the license and product', async () => {
    const template = await call('GET', `/api/sales/template?licensee=${fx.org}&period=2026-10&format=csv`, 'owner');
    const filled = fill(template.text, fx.sku, 10, 12000, 10000);
    const res = await call('POST', '/api/sales/import', 'owner', {
      licensee: fx.org,
      ...october,
      file_name: 'october.csv',
      content_base64: b64(filled),
      mapping: { ...MAPPING, currency: 'Currency' },
    });
    expect(res.json.status, res.text).toBe(0);
    expect(res.json.data.corrects).toEqual([]);
    const rows = await (
      await getDb()
    )
      .select()
      .from(sales)
      .where(eq(sales.report, String(res.json.data.key)));
    expect(rows.map((r) => [r.license, r.units, r.net_sales, r.royalty])).toEqual([[fx.license, 10, 10000, 1000]]);
  });
});

describe('corrections', () => {
  it('a second report of the period corrects the first; approved, it supersedes it exactly once, both kept', async () => {
    const db = await getDb();
    const period = { period_start: '2026-09-01', period_end: '2026-09-30' };
    const first = await call('POST', '/api/sales/import', 'owner', importBody(period, [`${fx.ref},${fx.sku},JP,5,5000,5000`]));
    expect(first.json.status, first.text).toBe(0);
    const firstKey = String(first.json.data.key);
    await api.call('POST', `/api/v1/Holder/approve/reports/${firstKey}`, token.cfl, { decision: 'approved' });

    const second = await call(
      'POST',
      '/api/sales/import',
      'owner',
      importBody(period, [`${fx.ref.toLowerCase()},${fx.sku.toLowerCase()},jp,6,6000,6000`]),
    );
    expect(second.json.status, second.text).toBe(0);
    const secondKey = String(second.json.data.key);
    expect(second.json.data.corrects).toEqual([firstKey]);
    // Until the correction is approved, the first still counts (no double count, no gap).
    const live = async () =>
      (
        await db
          .select()
          .from(sales)
          .where(and(eq(sales.license, fx.license), eq(sales.period_start, new Date('2026-09-01T00:00:00Z'))))
      ).filter((r) => r.state === 'approved');
    expect((await live()).map((r) => r.units)).toEqual([5]);

    const decided = await api.call<Envelope>('POST', `/api/v1/Holder/approve/reports/${secondKey}`, token.cfl, {
      decision: 'approved',
    });
    expect(decided.json.status, JSON.stringify(decided.json)).toBe(0);
    expect((await live()).map((r) => r.units)).toEqual([6]);
    const [old] = await db.select().from(salesReports).where(eq(salesReports.key, firstKey));
    expect(old!.state).toBe('superseded');
    const oldRows = await db.select().from(sales).where(eq(sales.report, firstKey));
    expect(oldRows.map((r) => r.state)).toEqual(['superseded']);
    // Approving again (a replayed hook) changes nothing.
    expect(await db.transaction(async (tx) => supersedeCorrected(tx as never, secondKey))).toEqual([]);
    expect((await live()).map((r) => r.units)).toEqual([6]);

    // A third report corrects the approved correction, not the superseded original.
    const third = await call('POST', '/api/sales/import', 'owner', importBody(period, [`${fx.ref},${fx.sku},JP,7,7000,7000`]));
    expect(third.json.data.corrects).toEqual([secondKey]);
  });

  it('a correction of a report still waiting closes the first one’s review when approved', async () => {
    const db = await getDb();
    const period = { period_start: '2026-08-01', period_end: '2026-08-31' };
    const first = await call('POST', '/api/sales/import', 'owner', importBody(period, [`${fx.ref},${fx.sku},JP,1,100,100`]));
    const second = await call('POST', '/api/sales/import', 'owner', importBody(period, [`${fx.ref},${fx.sku},JP,2,200,200`]));
    expect(second.json.data.corrects).toEqual([first.json.data.key]);
    await api.call('POST', `/api/v1/Holder/approve/reports/${String(second.json.data.key)}`, token.cfl, { decision: 'approved' });
    const open = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.subject_key, String(first.json.data.key)), eq(reviews.state, 'pending')));
    expect(open).toEqual([]);
    const [old] = await db
      .select()
      .from(salesReports)
      .where(eq(salesReports.key, String(first.json.data.key)));
    expect(old!.state).toBe('superseded');
  });

  it('refuses to correct a period already invoiced (409), storing nothing', async () => {
    const db = await getDb();
    const period = { period_start: '2026-07-01', period_end: '2026-07-31' };
    const first = await call('POST', '/api/sales/import', 'owner', importBody(period, [`${fx.ref},${fx.sku},JP,1,100,100`]));
    await db
      .update(sales)
      .set({ state: 'invoiced' })
      .where(eq(sales.report, String(first.json.data.key)));
    const before = await counts();
    const again = await call('POST', '/api/sales/import', 'owner', importBody(period, [`${fx.ref},${fx.sku},JP,2,200,200`]));
    expect(again.status).toBe(409);
    expect((again.json.data.errors as Rec).period_start).toMatch(/already been invoiced/);
    expect(await counts()).toEqual(before);
  });
});
