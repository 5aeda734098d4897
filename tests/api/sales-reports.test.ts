/**
 * Royalty reports (issue 6): a file is validated row by row against its license and refused whole
 * when any row fails; a report goes to cfl, and its rows follow its state; mappings are remembered;
 * late reports are flagged and reminded once per license and period.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { licensees, licenses, products, reviews, sales, salesReports } from '@/lib/server/db/entities-schema';
import { notifications } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import { remindLateReports } from '@/lib/server/sales/late';
import * as importRoute from '@/pages/api/sales/import';
import * as previewRoute from '@/pages/api/sales/preview';
import * as reportRoute from '@/pages/api/sales/report';
import * as totalsRoute from '@/pages/api/sales/totals';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };
type Rec = Record<string, unknown>;

let api: FlowApi;
const routes: Record<string, RouteServer> = {};
const token: Record<string, string> = {};
const fx = { org: '', otherOrg: '', ip: '', license: '', otherLicense: '', approved: '', draft: '', usd: '', usdProduct: '' };

async function sales_(method: string, path: string, who: string, body?: unknown, lang = 'en') {
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

const HEADER = 'License,SKU,Country,Qty,Gross,Net';
const MAPPING = {
  license: 'License',
  product: 'SKU',
  territory: 'Country',
  units: 'Qty',
  gross_sales: 'Gross',
  net_sales: 'Net',
};
const csv = (rows: string[]) => [HEADER, ...rows].join('\n');

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  routes.import = await serveRoute(importRoute, '/api/sales/import');
  routes.preview = await serveRoute(previewRoute, '/api/sales/preview');
  routes.report = await serveRoute(reportRoute, '/api/sales/report');
  routes.totals = await serveRoute(totalsRoute, '/api/sales/totals');
  for (const [who, email] of Object.entries({
    owner: 'licensee@example.com',
    staff: 'licensee-staff@example.com',
    holder: 'holder@example.com',
    cfl: 'cfl@example.com',
    brand: 'brand@example.com',
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
  const ip = await api.call<Envelope>('POST', '/api/v1/IP', token.holder, { name: 'Royalty crisps', kind: 'primary' });
  fx.ip = String(ip.json.data.key);
  const license = async (licensee: string, currency = 'JPY') => {
    const key = newKey();
    await db.insert(licenses).values({
      key,
      reference: fixtureReference('LIC'),
      ip: fx.ip,
      licensee,
      state: 'active',
      territory: ['JP', 'TW'],
      term_start: new Date('2026-01-01T00:00:00Z'),
      term_end: new Date('2026-12-31T00:00:00Z'),
      royalty_rate_bp: 1250,
      advance: 10_000,
      minimum_guarantee: 50_000,
      currency,
    });
    return key;
  };
  const product = async (licenseKey: string, sku: string, state: string, licensee = fx.org) => {
    const key = newKey();
    await db
      .insert(products)
      .values({ key, reference: fixtureReference('PRD'), license: licenseKey, ip: fx.ip, licensee, name: sku, sku, state });
    return key;
  };
  fx.license = await license(fx.org);
  fx.approved = await product(fx.license, 'CHIPS-1', 'approved');
  fx.draft = await product(fx.license, 'CHIPS-DRAFT', 'draft');
  fx.usd = await license(fx.org, 'USD');
  fx.usdProduct = await product(fx.usd, 'US-1', 'approved');
  const other = await api.call<Envelope>('POST', '/api/v1/Licensee', token.holder, { name: 'Other Foods' });
  fx.otherOrg = String(other.json.data.key);
  fx.otherLicense = await license(fx.otherOrg);
  await product(fx.otherLicense, 'OTHER-1', 'approved', fx.otherOrg);
});

afterAll(async () => {
  await api.close();
  await Promise.all(Object.values(routes).map((r) => r.close()));
});

const period = { period_start: '2026-10-01', period_end: '2026-10-31' };

describe('POST /api/sales/import', () => {
  it('refuses a file with one bad row whole: status 15, row and field named, nothing written', async () => {
    const before = await counts();
    const res = await sales_('POST', '/api/sales/import', 'owner', {
      licensee: fx.org,
      ...period,
      file_name: 'october.csv',
      content_base64: b64(csv([`${fx.license},CHIPS-1,JP,10,1000,900`, `${fx.license},CHIPS-1,US,5,500,450`])),
      mapping: MAPPING,
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json.status).toBe(15);
    // Line 1 is the header: the second data row is line 3.
    expect(res.json.data.errors).toEqual({
      'row 3': { territory: 'Column Country "US": This territory is not among the license\'s territories. Accepted: JP, TW' },
    });
    expect(res.json.data.refusals).toEqual([
      {
        row: 3,
        field: 'territory',
        column: 'Country',
        value: 'US',
        message: 'Column Country "US": This territory is not among the license\'s territories. Accepted: JP, TW',
      },
    ]);
    expect(await counts()).toEqual(before);
    const jp = await sales_(
      'POST',
      '/api/sales/import',
      'owner',
      {
        licensee: fx.org,
        ...period,
        file_name: 'october.csv',
        content_base64: b64(csv([`${fx.license},CHIPS-1,JP,10,1000,900`, `${fx.license},CHIPS-1,US,5,500,450`])),
        mapping: MAPPING,
      },
      'jp',
    );
    expect((jp.json.data.errors as Rec)['row 3']).toEqual({
      territory: 'Country列「US」: この地域はライセンスの許諾地域に含まれていません。使用できる値: JP, TW',
    });
  });

  it('imports the corrected file: report submitted, royalty per row half up, cfl asked', async () => {
    const before = await counts();
    const res = await sales_('POST', '/api/sales/import', 'owner', {
      licensee: fx.org,
      ...period,
      file_name: 'october.csv',
      content_base64: b64(csv([`${fx.license},CHIPS-1,JP,10,"1,000",900`, `${fx.license},${fx.approved},tw,5,500,4`])),
      mapping: MAPPING,
    });
    expect(res.json.status, res.text).toBe(0);
    const report = res.json.data;
    expect(report).toMatchObject({
      state: 'submitted',
      source: 'csv',
      file_name: 'october.csv',
      row_count: 2,
      // Not `late`: October's report was due on 30 November in Tokyo, so whether it is late depends
      // on the day the suite runs; the late reports below fix the day.
      licensee: fx.org,
      // 900 × 12.5 % = 112.5 → 113; 4 × 12.5 % = 0.5 → 1 (per row, half up)
      totals: { JPY: { rows: 2, units: 15, net_sales: 904, royalty: 114 } },
    });
    expect(await counts()).toEqual({ sales: before.sales + 2, reports: before.reports + 1 });
    const db = await getDb();
    const rows = await db
      .select()
      .from(sales)
      .where(eq(sales.report, String(report.key)));
    expect(rows.map((r) => [r.territory, r.royalty, r.state, r.licensee, r.ip]).sort()).toEqual([
      ['JP', 113, 'submitted', fx.org, fx.ip],
      ['TW', 1, 'submitted', fx.org, fx.ip],
    ]);
    const pending = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.subject_key, String(report.key)), eq(reviews.state, 'pending')));
    expect(pending.map((r) => [r.subject_type, r.group])).toEqual([['sales', 'cfl']]);
  });

  it('refuses a product that is not approved, a license of another organisation, too many decimals', async () => {
    const before = await counts();
    const res = await sales_('POST', '/api/sales/import', 'owner', {
      licensee: fx.org,
      ...period,
      file_name: 'bad.csv',
      content_base64: b64(
        csv([
          `${fx.license},CHIPS-DRAFT,JP,1,100,100`,
          `${fx.otherLicense},OTHER-1,JP,1,100,100`,
          `${fx.license},CHIPS-1,JP,1.5,100.5,100`,
          `${fx.usd},US-1,JP,1,100.123,100.12`,
        ]),
      ),
      mapping: MAPPING,
    });
    expect(res.json.status, res.text).toBe(15);
    expect(res.json.data.errors).toEqual({
      'row 2': { product: 'Column SKU "CHIPS-DRAFT": This product has not been approved. Accepted: CHIPS-1' },
      'row 3': {
        license: expect.stringContaining(`Column License "${fx.otherLicense}": No license has this contract reference.`),
      },
      'row 4': {
        units: 'Column Qty "1.5": Enter a whole number of 0 or more.',
        gross_sales: 'Column Gross "100.5": This currency has no decimals.',
      },
      'row 5': { gross_sales: 'Column Gross "100.123": At most 2 decimal places.' },
    });
    expect(res.json.data.refused).toBe(4);
    expect(await counts()).toEqual(before);
  });

  it('refuses an organisation the caller does not belong to (status 5)', async () => {
    const res = await sales_('POST', '/api/sales/import', 'owner', {
      licensee: fx.otherOrg,
      ...period,
      file_name: 'x.csv',
      content_base64: b64(csv([`${fx.otherLicense},OTHER-1,JP,1,100,100`])),
      mapping: MAPPING,
    });
    expect(res.json.status).toBe(5);
    expect(Object.keys(res.json.data.errors as Rec)).toEqual(['licensee']);
  });

  it('remembers the mapping for the organisation', async () => {
    const res = await sales_('POST', '/api/sales/preview', 'staff', {
      licensee: fx.org,
      file_name: 'november.csv',
      content_base64: b64(csv([`${fx.license},CHIPS-1,JP,1,100,100`, `${fx.license},CHIPS-1,JP,2,200,200`])),
    });
    expect(res.json.status, res.text).toBe(0);
    expect(res.json.data).toMatchObject({
      kind: 'csv',
      columns: ['License', 'SKU', 'Country', 'Qty', 'Gross', 'Net'],
      mapping: MAPPING,
      remembered: true,
      rowCount: 2,
    });
    expect((res.json.data.preview as Rec[])[1]).toMatchObject({ Qty: '2' });
  });
});

describe('the report flow', () => {
  it('cfl approval moves the report and all its rows to approved', async () => {
    const made = await sales_('POST', '/api/sales/report', 'owner', {
      licensee: fx.org,
      period_start: '2026-09-01',
      period_end: '2026-09-30',
      rows: [
        { license: fx.license, product: fx.approved, territory: 'JP', units: 3, gross_sales: '3000', net_sales: 2000 },
        { license: fx.usd, product: 'US-1', territory: 'TW', units: 1, gross_sales: '10.50', net_sales: '10.04' },
      ],
    });
    expect(made.json.status, made.text).toBe(0);
    const key = String(made.json.data.key);
    expect(made.json.data.totals).toEqual({
      JPY: { rows: 1, units: 3, net_sales: 2000, royalty: 250 },
      USD: { rows: 1, units: 1, net_sales: 1004, royalty: 126 }, // 125.5 → 126
    });
    const queue = await api.call<Envelope<{ subject: Rec }[]>>('GET', '/api/v1/Holder/approve/reports', token.cfl);
    expect(queue.json.data.map((q) => q.subject.key)).toContain(key);
    const brandQueue = await api.call<Envelope<{ subject: Rec }[]>>('GET', '/api/v1/Holder/approve/reports', token.brand);
    expect(brandQueue.json.data.map((q) => q.subject.key)).not.toContain(key);
    const decided = await api.call<Envelope>('POST', `/api/v1/Holder/approve/reports/${key}`, token.cfl, {
      decision: 'approved',
    });
    expect(decided.json.status, decided.text).toBe(0);
    const report = await api.call<Envelope>('GET', `/api/v1/SalesReport/${key}`, token.owner);
    expect(report.json.data.state).toBe('approved');
    const rows = await api.call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/Sales/query', token.owner, {
      filter: { report: key },
    });
    expect(rows.json.data.items.map((r) => r.state)).toEqual(['approved', 'approved']);
  });

  it('a rejected report rejects its rows, which then no longer count in the totals', async () => {
    const made = await sales_('POST', '/api/sales/report', 'owner', {
      licensee: fx.org,
      period_start: '2026-08-01',
      period_end: '2026-08-31',
      rows: [{ license: fx.license, product: 'CHIPS-1', territory: 'JP', units: 1, gross_sales: 999999, net_sales: 999999 }],
    });
    const key = String(made.json.data.key);
    await api.call('POST', `/api/v1/Holder/approve/reports/${key}`, token.cfl, { decision: 'rejected', comment: 'wrong' });
    const db = await getDb();
    expect((await db.select({ state: sales.state }).from(sales).where(eq(sales.report, key))).map((r) => r.state)).toEqual([
      'rejected',
    ]);
    const totals = await sales_('GET', `/api/sales/totals?license=${fx.license}`, 'owner');
    expect(totals.json.status, totals.text).toBe(0);
    // October (113 + 1) and September (250) count; August was rejected.
    expect((totals.json.data as unknown as Rec[])[0]).toMatchObject({
      license: fx.license,
      earned: 364,
      recouped: 364,
      advanceRemaining: 9636,
      payable: 0,
      mgProgressBp: 2000, // the 10,000 advance of a 50,000 MG
    });
    const foreign = await sales_('GET', `/api/sales/totals?license=${fx.otherLicense}`, 'owner');
    expect(foreign.json.data).toEqual([]);
  });

  it('the generic API does not create reports or rows, and rows are read-only for licensees', async () => {
    const row = await api.call<Envelope>('POST', '/api/v1/Sales', token.owner, {
      license: fx.license,
      product: fx.approved,
      ...period,
      territory: 'JP',
      net_sales: 1,
    });
    expect(row.json.status).toBe(5);
    expect(Object.keys(row.json.data.errors as Rec)).toEqual(['report']);
    const report = await api.call<Envelope>('POST', '/api/v1/SalesReport', token.owner, {});
    expect(report.status).toBe(403);
    const [any] = await (await getDb()).select().from(sales).limit(1);
    const patch = await api.call<Envelope>('PATCH', `/api/v1/Sales/${any!.key}`, token.owner, { units: 1 });
    expect(patch.status).toBe(403);
  });

  it('a report withdrawn before cfl decides takes its rows with it and closes its review', async () => {
    const made = await sales_('POST', '/api/sales/report', 'owner', {
      licensee: fx.org,
      ...period,
      rows: [{ license: fx.license, product: 'CHIPS-1', territory: 'JP', units: 2, gross_sales: 20, net_sales: 20 }],
    });
    expect(made.json.status, JSON.stringify(made.json)).toBe(0);
    const key = String(made.json.data.key);
    const before = await counts();
    const gone = await api.call<Envelope>('DELETE', `/api/v1/SalesReport/${key}`, token.owner);
    expect(gone.json.status).toBe(0);
    expect(await counts()).toEqual({ sales: before.sales - 1, reports: before.reports - 1 });
    const db = await getDb();
    const open = await db
      .select({ state: reviews.state })
      .from(reviews)
      .where(and(eq(reviews.subject_key, key), eq(reviews.state, 'pending')));
    expect(open).toEqual([]);
  });
});

describe('late reports', () => {
  it('a report sent after its due day is flagged late', async () => {
    const res = await sales_('POST', '/api/sales/report', 'owner', {
      licensee: fx.org,
      period_start: '2026-01-01',
      period_end: '2026-01-31',
      rows: [{ license: fx.license, product: 'CHIPS-1', territory: 'JP', units: 1, gross_sales: 10, net_sales: 10 }],
    });
    expect(res.json.data.late).toBe(true);
  });

  it('reminds owners once per license and period, only after the due day, only when nothing was reported', async () => {
    const db = await getDb();
    const owner = await subOf('licensee@example.com');
    // Reminders name a license by the reference a person quotes, never by its key.
    const [usd] = await db.select({ reference: licenses.reference }).from(licenses).where(eq(licenses.key, fx.usd));
    const usdRef = usd!.reference;
    // Subjects name the month as a person reads it (2026年2月分 for the Japanese-speaking owner).
    const monthLabel = (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月分`;
    const mine = async (month: string) =>
      (await db.select().from(notifications).where(eq(notifications.target, owner))).filter((n) =>
        n.subject.includes(monthLabel(month)),
      );
    // On March 30 February is not yet overdue (due 30 days after Feb 28): January is. Its JPY report
    // was sent (late, above), the USD license's was not.
    await remindLateReports(db, new Date('2026-03-30T12:00:00Z'));
    expect((await mine('2026-01')).map((n) => n.content.includes(usdRef))).toEqual([true]);
    expect(await mine('2026-02')).toEqual([]);
    const sent = await remindLateReports(db, new Date('2026-03-31T12:00:00Z'));
    // The JPY and the USD license of the organisation (the other organisation has no owner).
    expect(sent).toBe(2);
    expect((await mine('2026-02')).length).toBe(2);
    expect((await mine('2026-02'))[0]!.subject).toBe('ロイヤリティ報告の提出期限を過ぎています（2026年2月分）'); // in the owner's language
    // Twice (another replica, the next hour): nothing more.
    expect(await remindLateReports(db, new Date('2026-03-31T13:00:00Z'))).toBe(0);
    expect((await mine('2026-02')).length).toBe(2);
    // March was reported for the JPY license: only the USD license is reminded for March.
    await sales_('POST', '/api/sales/report', 'owner', {
      licensee: fx.org,
      period_start: '2026-03-01',
      period_end: '2026-03-31',
      rows: [{ license: fx.license, product: 'CHIPS-1', territory: 'JP', units: 1, gross_sales: 10, net_sales: 10 }],
    });
    const before = (await db.select().from(notifications).where(eq(notifications.target, owner))).length;
    await remindLateReports(db, new Date('2026-05-15T00:00:00Z'));
    const march = (await db.select().from(notifications).where(eq(notifications.target, owner)))
      .slice(before)
      .filter((n) => n.subject.includes(monthLabel('2026-03')));
    expect(march.map((n) => n.content.includes(usdRef) && !n.content.includes(fx.usd))).toEqual([true]);
  });
});
