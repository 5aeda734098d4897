/**
 * Holder statistics: the sales_monthly roll-up follows report states (approved and invoiced count;
 * a rejected or deleted report leaves it), the charts read it per period and currency, the CSV
 * export is the same table (BOM, formula cells defused), and only product staff or admin may ask.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { designers, licensees, licenses, products, sales, salesReports } from '@/lib/server/db/entities-schema';
import { salesMonthly } from '@/lib/server/db/platform-schema';
import { defaultFlows } from '@/lib/server/flow/definitions';
import { newKey } from '@/lib/server/keys';
import { csvField, tableToCsv } from '@/lib/server/stats/csv';
import { rollupOnReportState } from '@/lib/server/stats/on-report-state';
import * as reportRoute from '@/pages/api/sales/report';
import * as chartRoute from '@/pages/api/stats/[chart]';
import * as rebuildRoute from '@/pages/api/stats/rebuild';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';
import { japanMonth } from '@/lib/format/japan-calendar';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };
type Chart = {
  columns: string[];
  rows: (string | number | null)[][];
  currency: string;
  source: string;
  from: string;
  to: string;
};

let api: FlowApi;
let charts: RouteServer;
let rebuild: RouteServer;
let reports: RouteServer;
const token: Record<string, string> = {};
const fx = {
  org: '',
  evil: '',
  ip: '',
  ipReference: '',
  designer: '',
  jpy: '',
  usd: '',
  evilLicense: '',
  chips: '',
  usChips: '',
  evilProduct: '',
};

function stats<T = Chart>(path: string, who = 'holder', lang = 'en') {
  return charts.request<Envelope<T>>('GET', `/api/stats/${path}`, {
    headers: who ? { authorization: `Bearer ${token[who]}`, 'x-lang': lang } : {},
  });
}

async function report(rows: Record<string, unknown>[], month: string, licensee = fx.org): Promise<string> {
  const res = await reports.request<Envelope>('POST', '/api/sales/report', {
    headers: { authorization: `Bearer ${token.owner}` },
    body: { licensee, period_start: `${month}-01`, period_end: `${month}-28`, rows },
  });
  expect(res.json.status, res.text).toBe(0);
  return String(res.json.data.key);
}

async function decide(key: string, decision: 'approved' | 'rejected') {
  const res = await api.call<Envelope>('POST', `/api/v1/Holder/approve/reports/${key}`, token.cfl, {
    decision,
    ...(decision === 'rejected' ? { comment: 'numbers do not match' } : {}),
  });
  expect(res.json.status, res.text).toBe(0);
}

const row = (license: string, product: string, net: number, units = 1) => ({
  license,
  product,
  territory: 'JP',
  units,
  gross_sales: net,
  net_sales: net,
});

const monthly = async (from = '2026-02', to = '2026-04', currency = 'JPY') =>
  (await stats(`monthly?from=${from}&to=${to}&currency=${currency}`)).json.data.rows;

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  charts = await serveRoute(chartRoute, '/api/stats/[chart]');
  rebuild = await serveRoute(rebuildRoute, '/api/stats/rebuild');
  reports = await serveRoute(reportRoute, '/api/sales/report');
  for (const [who, email] of Object.entries({
    holder: 'holder@example.com',
    admin: 'admin@example.com',
    legal: 'legal@example.com',
    boss: 'boss@example.com',
    cfl: 'cfl@example.com',
    owner: 'licensee@example.com',
    user: 'user@example.com',
  })) {
    token[who] = await issueAccessToken(await subOf(email));
  }
  const db = await getDb();
  const [org] = await db
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.name, 'Demo Snacks Manufacturing Co.'));
  fx.org = org!.key;
  // An organisation whose name a spreadsheet would run as a formula (it belongs to the same owner).
  fx.evil = newKey();
  const [owned] = await db.select({ owner: licensees.owner }).from(licensees).where(eq(licensees.key, fx.org));
  await db.insert(licensees).values({ key: fx.evil, name: '=HYPERLINK("http://x","a, b")', owner: owned!.owner });
  fx.designer = newKey();
  await db.insert(designers).values({ key: fx.designer, email: 'stats@example.com', creator_name: 'Stats Studio' });
  const ip = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Stats crisps', kind: 'primary' });
  fx.ip = String(ip.json.data.key);
  fx.ipReference = String(ip.json.data.reference);
  const license = async (licensee: string, currency: string) => {
    const key = newKey();
    await db.insert(licenses).values({
      key,
      reference: fixtureReference('LIC'),
      ip: fx.ip,
      licensee,
      designer: fx.designer,
      state: 'active',
      territory: ['JP'],
      term_start: new Date('2026-01-01T00:00:00Z'),
      term_end: new Date('2026-12-31T00:00:00Z'),
      royalty_rate_bp: 1000,
      currency,
    });
    return key;
  };
  const product = async (licenseKey: string, sku: string, licensee = fx.org) => {
    const key = newKey();
    await db.insert(products).values({
      key,
      reference: fixtureReference('PRD'),
      license: licenseKey,
      ip: fx.ip,
      licensee,
      name: sku,
      sku,
      state: 'approved',
    });
    return key;
  };
  fx.jpy = await license(fx.org, 'JPY');
  fx.usd = await license(fx.org, 'USD');
  fx.evilLicense = await license(fx.evil, 'JPY');
  fx.chips = await product(fx.jpy, 'STATS-1');
  fx.usChips = await product(fx.usd, 'STATS-US');
  fx.evilProduct = await product(fx.evilLicense, 'EVIL-1', fx.evil);
});

afterAll(async () => {
  await api?.close();
  await Promise.all([charts, rebuild, reports].map((r) => r?.close()));
});

describe('the sales_monthly roll-up', () => {
  let march = '';
  let april = '';

  it('counts a report once cfl approves it, not while it is submitted', async () => {
    march = await report(
      [
        row(fx.jpy, fx.chips, 10_000, 3),
        row(fx.jpy, fx.chips, 5_000, 2),
        { ...row(fx.usd, fx.usChips, 0), gross_sales: '19.99', net_sales: '19.99' },
      ],
      '2026-03',
    );
    expect(await monthly()).toEqual([
      ['2026-02', 'JPY', 0, 0, 0, 0],
      ['2026-03', 'JPY', 0, 0, 0, 0],
      ['2026-04', 'JPY', 0, 0, 0, 0],
    ]);
    await decide(march, 'approved');
    // 10 % of 10,000 and 5,000 yen; the USD row stays in its own currency.
    expect(await monthly()).toEqual([
      ['2026-02', 'JPY', 0, 0, 0, 0],
      ['2026-03', 'JPY', 2, 5, 15_000, 1_500],
      ['2026-04', 'JPY', 0, 0, 0, 0],
    ]);
    // Another currency also carries the month's recorded rate and the royalty in yen: none recorded, so null (never 1:1).
    expect((await monthly('2026-03', '2026-03', 'USD'))[0]).toEqual(['2026-03', 'USD', 1, 1, 1_999, 200, null, null]);
    const db = await getDb();
    const groups = await db.select().from(salesMonthly).where(eq(salesMonthly.license, fx.jpy));
    expect(groups).toEqual([
      {
        month: '2026-03',
        license: fx.jpy,
        product: fx.chips,
        currency: 'JPY',
        licensee: fx.org,
        ip: fx.ip,
        designer: fx.designer,
        rows: 2,
        units: 5,
        netSales: 15_000,
        royalty: 1_500,
      },
    ]);
  });

  it('a rejected report never counts; a second approved one adds to its month', async () => {
    const rejected = await report([row(fx.jpy, fx.chips, 99_999)], '2026-04');
    await decide(rejected, 'rejected');
    april = await report([row(fx.jpy, fx.chips, 2_000)], '2026-04');
    expect((await monthly())[2]).toEqual(['2026-04', 'JPY', 0, 0, 0, 0]);
    await decide(april, 'approved');
    expect((await monthly())[2]).toEqual(['2026-04', 'JPY', 1, 1, 2_000, 200]);
    // A report written straight to the tables, as the state hook sees it: rows approved, then the hook.
    const db = await getDb();
    const direct = newKey();
    const period = { period_start: new Date('2026-04-01T00:00:00Z'), period_end: new Date('2026-04-30T00:00:00Z') };
    await db.transaction(async (txAny) => {
      const tx = txAny as unknown as typeof db;
      await tx.insert(salesReports).values({
        key: direct,
        reference: fixtureReference('RPT'),
        licensee: fx.evil,
        ...period,
        state: 'approved',
        row_count: 1,
      });
      await tx.insert(sales).values({
        key: newKey(),
        license: fx.evilLicense,
        product: fx.evilProduct,
        ...period,
        territory: 'JP',
        units: 1,
        net_sales: 4_000,
        royalty: 400,
        state: 'approved',
        report: direct,
      });
      await rollupOnReportState(tx, direct, 'approved');
    });
    expect((await monthly())[2]).toEqual(['2026-04', 'JPY', 2, 2, 6_000, 600]);
  });

  it('recomputes a group that drifted when its report moves again', async () => {
    const db = await getDb();
    await db.update(salesMonthly).set({ royalty: 1 }).where(eq(salesMonthly.license, fx.jpy));
    await db.transaction(async (tx) => rollupOnReportState(tx as unknown as typeof db, march, 'approved'));
    expect((await monthly())[1]).toEqual(['2026-03', 'JPY', 2, 5, 15_000, 1_500]);
  });

  it('an approved report deleted by holder staff leaves the roll-up', async () => {
    const before = await monthly();
    const res = await api.call<Envelope>('DELETE', `/api/v1/SalesReport/${april}`, token.holder);
    expect(res.json.status, res.text).toBe(0);
    expect(await monthly()).toEqual([before[0], before[1], ['2026-04', 'JPY', 1, 1, 4_000, 400]]);
    // Put it back for the charts below.
    april = await report([row(fx.jpy, fx.chips, 2_000)], '2026-04');
    await decide(april, 'approved');
  });

  it('a rebuild (admin only) gives the same table the per-report updates kept', async () => {
    const db = await getDb();
    const snapshot = async () =>
      (await db.select().from(salesMonthly)).sort((a, b) =>
        `${a.month}${a.license}${a.product}`.localeCompare(`${b.month}${b.license}${b.product}`),
      );
    const kept = await snapshot();
    const refused = await rebuild.request<Envelope>('POST', '/api/stats/rebuild', {
      headers: { authorization: `Bearer ${token.holder}` },
      body: {},
    });
    expect(refused.status).toBe(403);
    const res = await rebuild.request<Envelope>('POST', '/api/stats/rebuild', {
      headers: { authorization: `Bearer ${token.admin}` },
      body: {},
    });
    expect(res.json.status, res.text).toBe(0);
    expect(res.json.data).toMatchObject({ groups: kept.length, rows: kept.reduce((n, g) => n + g.rows, 0) });
    expect(await snapshot()).toEqual(kept);
    const bad = await rebuild.request<Envelope>('POST', '/api/stats/rebuild', {
      headers: { authorization: `Bearer ${token.admin}` },
      body: { x: 1 },
    });
    expect(bad.json.status).toBe(5);
  });
});

describe('GET /api/stats/{chart}', () => {
  it('ranks licensees, IPs and designers by royalty with their names', async () => {
    const q = '?from=2026-01&to=2026-06';
    const byLicensee = (await stats(`licensees${q}`)).json.data;
    // Named as people know them: no keys in a table a person reads or exports.
    expect(byLicensee.columns).toEqual(['name', 'currency', 'rows', 'units', 'net_sales', 'royalty']);
    expect(byLicensee.rows).toEqual([
      ['Demo Snacks Manufacturing Co.', 'JPY', 3, 6, 17_000, 1_700],
      ['=HYPERLINK("http://x","a, b")', 'JPY', 1, 1, 4_000, 400],
    ]);
    expect(byLicensee.source).toBe('sales_monthly');
    expect((await stats(`licensees${q}&limit=1`)).json.data.rows).toHaveLength(1);
    const ips = (await stats(`ips${q}`)).json.data;
    expect(ips.columns).toEqual(['reference', 'name', 'currency', 'rows', 'units', 'net_sales', 'royalty']);
    expect(ips.rows).toEqual([[fx.ipReference, 'Stats crisps', 'JPY', 4, 7, 21_000, 2_100]]);
    expect((await stats(`designers${q}`)).json.data.rows).toEqual([['Stats Studio', 'JPY', 4, 7, 21_000, 2_100]]);
    expect((await stats(`ips${q}&currency=USD`)).json.data.rows).toEqual([
      [fx.ipReference, 'Stats crisps', 'USD', 1, 1, 1_999, 200],
    ]);
    expect((await stats(`ips${q}&currency=EUR`)).json.data.rows).toEqual([]);
  });

  it('counts review decisions per month and the time each step took', async () => {
    const now = new Date().toISOString().slice(0, 7);
    const throughput = (await stats(`throughput?from=${now}&to=${now}`)).json.data;
    expect(throughput.columns).toEqual(['month', 'approved', 'rejected', 'changes_requested', 'total']);
    // Three approvals (the deleted report's included) and one rejection by cfl in this file.
    expect(throughput.rows).toEqual([[now, 3, 1, 0, 4]]);
    const steps = (await stats(`steps?from=${now}&to=${now}`)).json.data;
    const cfl = steps.rows.find((r) => r[0] === 'sales' && r[1] === 'submitted' && r[2] === 'cfl')!;
    expect(cfl[3]).toBe(4);
    expect(typeof cfl[4]).toBe('number');
    expect(cfl[4] as number).toBeGreaterThanOrEqual(0);
    expect(cfl[4] as number).toBeLessThan(1);
  });

  it('counts licenses per state in the order of the license flow', async () => {
    const res = (await stats('licenses')).json.data;
    expect(res.source).toBe('licenses');
    expect(res.rows.map((r) => r[0]).slice(0, defaultFlows.license.states.length)).toEqual([...defaultFlows.license.states]);
    const db = await getDb();
    const active = await db.execute(sql`select count(*)::int as n from licenses where state = 'active'`);
    expect(res.rows.find((r) => r[0] === 'active')?.[1]).toBe(Number((active.rows[0] as { n: number }).n));
  });

  it('defaults to the twelve months up to now, in JPY', async () => {
    const res = (await stats('monthly')).json.data;
    expect(res.rows).toHaveLength(12);
    // The month running in Japan, where the holder's months end.
    expect(res.to).toBe(japanMonth());
    expect(res.currency).toBe('JPY');
  });

  it('answers bad periods with status 5 under the field, and an unknown chart with not found', async () => {
    const month = await stats('monthly?from=2026-13&to=2026-14');
    expect(month.status).toBe(400);
    expect(month.json.status).toBe(5);
    expect(Object.keys(month.json.data as object)).toContain('errors');
    expect(Object.keys((month.json.data as unknown as { errors: object }).errors).sort()).toEqual(['from', 'to']);
    const reversed = await stats('monthly?from=2026-05&to=2026-01', 'holder', 'jp');
    expect(reversed.json.status).toBe(5);
    expect(reversed.json.data).toMatchObject({ errors: { from: '開始月は終了月以前にしてください。' } });
    const long = await stats('monthly?from=2000-01&to=2026-01');
    expect(long.json.data).toMatchObject({ errors: { from: 'The period may span at most 120 months.' } });
    const currency = await stats('monthly?currency=yen');
    expect(Object.keys((currency.json.data as unknown as { errors: object }).errors)).toEqual(['currency']);
    const extra = await stats('monthly?drop=table');
    expect(extra.json.status).toBe(5);
    const twice = await stats('monthly?from=2026-01&from=2026-02');
    expect(twice.json.status).toBe(5);
    expect((await stats('nope')).status).toBe(404);
    expect((await stats('nope.csv')).status).toBe(404);
  });

  it('is for product staff and admin only', async () => {
    expect((await stats('monthly', 'admin')).json.status).toBe(0);
    // The demo approvers (legal@, brand@, cfl@) hold the product role too; boss@ is holder staff without it.
    expect((await stats('monthly', 'legal')).json.status).toBe(0);
    for (const who of ['boss', 'owner', 'user']) {
      const res = await stats('monthly', who);
      expect(res.status, who).toBe(403);
      expect(res.json.status).toBe(3);
    }
    expect((await stats('monthly.csv', 'boss')).status).toBe(403);
    expect((await stats('monthly', '')).status).toBe(401);
  });
});

describe('GET /api/stats/{chart}.csv', () => {
  it('exports exactly the chart table, UTF-8 with BOM, formula cells defused', async () => {
    const json = (await stats('licensees?from=2026-01&to=2026-06')).json.data;
    const res = await stats('licensees.csv?from=2026-01&to=2026-06');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="stats-licensees-JPY-2026-01-2026-06.csv"');
    // fetch's text() drops a leading BOM: read the bytes for it.
    expect(`\uFEFF${res.text}`).toBe(tableToCsv(json));
    const raw = await fetch(`${charts.url}/api/stats/licensees.csv?from=2026-01&to=2026-06`, {
      headers: { authorization: `Bearer ${token.holder}` },
    });
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.split('\r\n')).toEqual([
      'name,currency,rows,units,net_sales,royalty',
      'Demo Snacks Manufacturing Co.,JPY,3,6,17000,1700',
      `"'=HYPERLINK(""http://x"",""a, b"")",JPY,1,1,4000,400`,
      '',
    ]);
  });

  it('prefixes every formula-leading text with an apostrophe and leaves numbers alone', () => {
    expect(['=1+1', '+81 3', '-x', '@SUM(A1)', '\tcmd', 'plain', 'line\nbreak'].map(csvField)).toEqual([
      "'=1+1",
      "'+81 3",
      "'-x",
      "'@SUM(A1)",
      "'\tcmd",
      'plain',
      '"line\nbreak"',
    ]);
    expect([-5, 0, null].map(csvField)).toEqual(['-5', '0', '']);
  });
});
