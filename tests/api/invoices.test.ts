import { eq, inArray } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { ips, licensees, licenses, products, sales, salesReports } from '@/lib/server/db/entities-schema';
import { logWorkflow } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import * as detailsRoute from '@/pages/api/invoice/[id]/index';
import * as pdfRoute from '@/pages/api/invoice/[id]/pdf';
import * as draftRoute from '@/pages/api/invoice/draft';
import * as previewRoute from '@/pages/api/invoice/preview';
import { serveFlowApi, type FlowApi } from './flow-api';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';
import { fixtureReference } from './references';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };
type Rec = Record<string, unknown>;
interface Breakdown {
  lines: Rec[];
  subtotal: number;
  tax_lines: { kind: string; amount: number; rate_bp: number }[];
  total: number;
  sales: string[];
  currency: string;
}

let api: FlowApi;
let draft: RouteServer;
let preview: RouteServer;
let details: RouteServer;
let pdf: RouteServer;
const token: Record<string, string> = {};
let org = '';
let orgName = '';
let otherOrg = '';
let license = '';
const rows: Record<string, string> = {};
let report = '';

const auth = (who: string) => ({ headers: { authorization: `Bearer ${token[who]}` } });

async function seedSales(): Promise<void> {
  const db = await getDb();
  const ip = newKey();
  await db
    .insert(ips)
    .values({ key: ip, reference: fixtureReference('IP'), name: 'Invoice Potato', kind: 'primary', state: 'published' });
  license = newKey();
  await db.insert(licenses).values({
    key: license,
    reference: fixtureReference('LIC'),
    ip,
    licensee: org,
    state: 'active',
    territory: ['JP'],
    term_start: new Date('2026-01-01'),
    term_end: new Date('2026-12-31'),
    royalty_rate_bp: 1000,
    advance: 1000,
    minimum_guarantee: 0,
    currency: 'JPY',
  });
  const product = newKey();
  await db.insert(products).values({
    key: product,
    reference: fixtureReference('PRD'),
    license,
    ip,
    licensee: org,
    name: 'Chips',
    sku: 'CH-1',
    state: 'approved',
  });
  report = newKey();
  await db.insert(salesReports).values({
    key: report,
    reference: fixtureReference('RPT'),
    licensee: org,
    period_start: new Date('2026-01-01'),
    period_end: new Date('2026-03-31'),
    state: 'approved',
  });
  const row = (name: string, values: Partial<typeof sales.$inferInsert>) => {
    rows[name] = newKey();
    return {
      key: rows[name]!,
      license,
      product,
      licensee: org,
      ip,
      territory: 'JP',
      net_sales: 0,
      currency: 'JPY',
      state: 'approved',
      report,
      period_start: new Date('2026-01-01'),
      period_end: new Date('2026-03-31'),
      ...values,
    };
  };
  await db.insert(sales).values([
    row('jan', { net_sales: 100_000, royalty: 10_000, period_end: new Date('2026-01-31') }),
    row('feb', { net_sales: 50_000, royalty: 5_000, period_start: new Date('2026-02-01'), period_end: new Date('2026-02-28') }),
    row('pending', { net_sales: 70_000, royalty: 7_000, state: 'submitted', report: null }),
    row('q2', {
      net_sales: 20_000,
      royalty: 2_000,
      report: null,
      period_start: new Date('2026-04-01'),
      period_end: new Date('2026-06-30'),
    }),
  ]);
  // Another organisation with approved sales of its own.
  otherOrg = newKey();
  await db.insert(licensees).values({ key: otherOrg, name: 'Other Foods' });
  const otherLicense = newKey();
  await db.insert(licenses).values({
    key: otherLicense,
    reference: fixtureReference('LIC'),
    ip,
    licensee: otherOrg,
    state: 'active',
    term_start: new Date('2026-01-01'),
    term_end: new Date('2026-12-31'),
    royalty_rate_bp: 500,
  });
  rows.other = newKey();
  await db.insert(sales).values({
    key: rows.other,
    license: otherLicense,
    product,
    licensee: otherOrg,
    ip,
    territory: 'JP',
    net_sales: 10_000,
    royalty: 500,
    state: 'approved',
    period_start: new Date('2026-01-01'),
    period_end: new Date('2026-03-31'),
  });
}

beforeAll(async () => {
  await ensureReady();
  api = await serveFlowApi();
  draft = await serveRoute(draftRoute, '/api/invoice/draft');
  preview = await serveRoute(previewRoute, '/api/invoice/preview');
  details = await serveRoute(detailsRoute, '/api/invoice/[id]');
  pdf = await serveRoute(pdfRoute, '/api/invoice/[id]/pdf');
  const people = {
    owner: 'licensee@example.com',
    staff: 'licensee-staff@example.com',
    cfl: 'cfl@example.com',
    boss: 'boss@example.com',
    admin: 'admin@example.com',
    user: 'user@example.com',
  };
  for (const [name, email] of Object.entries(people)) token[name] = await issueAccessToken(await subOf(email));
  const mine = await api.call<Envelope<{ items: Rec[] }>>('POST', '/api/v1/Licensee/query', token.owner, {});
  org = String(mine.json.data.items[0]!.key);
  orgName = String(mine.json.data.items[0]!.name);
  await seedSales();
});

afterAll(async () => {
  await Promise.all([api?.close(), draft?.close(), preview?.close(), details?.close(), pdf?.close()]);
});

const q1 = () => ({ licensee: org, period_start: '2026-01-01', period_end: '2026-03-31' });
let invoiceKey = '';

describe('drafting an invoice', () => {
  it('previews the breakdown without writing anything', async () => {
    const res = await preview.request<Envelope<Breakdown>>('POST', '/api/invoice/preview', { ...auth('staff'), body: q1() });
    expect(res.json.status).toBe(0);
    expect(res.json.data.sales.sort()).toEqual([rows.jan, rows.feb].sort());
    const db = await getDb();
    const [jan] = await db.select({ state: sales.state }).from(sales).where(eq(sales.key, rows.jan!));
    expect(jan!.state).toBe('approved');
  });

  it('builds the draft from approved rows only: recoupment, tax, due date; rows and report become invoiced', async () => {
    const res = await draft.request<Envelope<{ invoice: Rec; breakdown: Breakdown }>>('POST', '/api/invoice/draft', {
      ...auth('owner'),
      body: q1(),
    });
    expect(res.json.status).toBe(0);
    const { invoice, breakdown } = res.json.data;
    invoiceKey = String(invoice.key);
    expect(invoice.state).toBe('draft');
    expect((invoice.sales as string[]).sort()).toEqual([rows.jan, rows.feb].sort());
    // 15,000 royalties; the 1,000 advance is recouped first (14,000 payable) and, the license being
    // active, billed itself once (1,000); 10% consumption tax on 15,000.
    expect(breakdown.lines).toEqual([
      expect.objectContaining({
        license,
        royalty: 15_000,
        net_sales: 150_000,
        recouped: 1_000,
        advance_billed: 1_000,
        due: 15_000,
        mg_shortfall: 0,
      }),
    ]);
    expect(breakdown.subtotal).toBe(15_000);
    expect(breakdown.tax_lines).toEqual([expect.objectContaining({ kind: 'vat', rate_bp: 1000, amount: 1_500 })]);
    expect(invoice.amount).toBe(16_500);
    expect(invoice.charges).toEqual([{ license, kind: 'advance', amount: 1_000 }]);
    expect(invoice.currency).toBe('JPY');
    expect(String(invoice.due_date).slice(0, 10)).toBe('2026-04-30');
    const db = await getDb();
    const states = await db
      .select({ key: sales.key, state: sales.state })
      .from(sales)
      .where(inArray(sales.key, [rows.jan!, rows.feb!, rows.pending!, rows.q2!]));
    expect(Object.fromEntries(states.map((s) => [s.key, s.state]))).toEqual({
      [rows.jan!]: 'invoiced',
      [rows.feb!]: 'invoiced',
      [rows.pending!]: 'submitted',
      [rows.q2!]: 'approved',
    });
    const [rep] = await db.select({ state: salesReports.state }).from(salesReports).where(eq(salesReports.key, report));
    expect(rep!.state).toBe('invoiced');
    const log = await db.select().from(logWorkflow).where(eq(logWorkflow.key, invoiceKey));
    expect(log.map((l) => l.action)).toContain('create');
  });

  it('does not invoice the same rows twice', async () => {
    const again = await draft.request<Envelope<{ errors: Record<string, string> }>>('POST', '/api/invoice/draft', {
      ...auth('owner'),
      body: q1(),
    });
    expect(again.json.status).toBe(5);
    expect(again.json.data.errors.period_start).toBeTruthy();
  });

  it('counts earlier invoiced royalties as earned before', async () => {
    const res = await preview.request<Envelope<Breakdown>>('POST', '/api/invoice/preview', {
      ...auth('owner'),
      body: { licensee: org, period_start: '2026-04-01', period_end: '2026-06-30' },
    });
    expect(res.json.data.lines).toEqual([
      expect.objectContaining({ earned_before: 15_000, royalty: 2_000, recouped: 0, due: 2_000 }),
    ]);
  });

  it('refuses another organisation and people outside it', async () => {
    const other = await draft.request<Envelope>('POST', '/api/invoice/draft', {
      ...auth('owner'),
      body: { licensee: otherOrg, period_start: '2026-01-01', period_end: '2026-03-31' },
    });
    expect(other.status).toBe(404);
    const outsider = await draft.request<Envelope>('POST', '/api/invoice/draft', { ...auth('user'), body: q1() });
    expect(outsider.status).toBe(404);
    expect((await details.request('GET', `/api/invoice/${invoiceKey}`, auth('user'))).status).toBe(404);
    expect((await pdf.request('GET', `/api/invoice/${invoiceKey}/pdf`, auth('user'))).status).toBe(404);
    // The holder side may draft for any organisation; its invoice stays invisible to this one.
    const theirs = await draft.request<Envelope<{ invoice: Rec }>>('POST', '/api/invoice/draft', {
      ...auth('admin'),
      body: { licensee: otherOrg, period_start: '2026-01-01', period_end: '2026-03-31' },
    });
    expect(theirs.json.status).toBe(0);
    expect((await details.request('GET', `/api/invoice/${theirs.json.data.invoice.key}`, auth('owner'))).status).toBe(404);
  });

  it('validates the input with a message under the field', async () => {
    const res = await draft.request<Envelope<{ errors: Record<string, string> }>>('POST', '/api/invoice/draft', {
      ...auth('owner'),
      body: { licensee: org, period_start: 'yesterday', period_end: '2026-03-31', amount: 1 },
    });
    expect(res.json.status).toBe(5);
    expect(res.json.data.errors.period_start).toBeTruthy();
  });
});

describe('the invoice document and flow', () => {
  it('answers a PDF naming the organisation and the total', async () => {
    const res = await fetch(`${pdf.url}/api/invoice/${invoiceKey}/pdf?lang=en`, auth('staff'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(orgName);
    expect(text).toContain('16,500');
    expect(text).toContain('INVOICE');
    const jp = await fetch(`${pdf.url}/api/invoice/${invoiceKey}/pdf?lang=jp`, auth('owner'));
    const jpParser = new PDFParse({ data: new Uint8Array(await jp.arrayBuffer()) });
    const jpText = (await jpParser.getText()).text;
    await jpParser.destroy();
    expect(jpText).toContain('請求書');
    expect(jpText).toContain('消費税');
  });

  it('cannot change amount, tax lines or sales through the entity API', async () => {
    const current = await api.call<Envelope>('GET', `/api/v1/Invoice/${invoiceKey}`, token.owner);
    const version = current.json.data.version;
    for (const body of [{ amount: 1 }, { tax_lines: [] }, { state: 'paid' }]) {
      const res = await api.call<Envelope>('PATCH', `/api/v1/Invoice/${invoiceKey}`, token.owner, { ...body, version });
      expect(res.json.status, JSON.stringify(body)).not.toBe(0);
    }
    const after = await api.call<Envelope>('GET', `/api/v1/Invoice/${invoiceKey}`, token.owner);
    expect(after.json.data.amount).toBe(16_500);
  });

  it('refuses every change and deletion by the organisation: an invoice moves only through its flow', async () => {
    const current = await api.call<Envelope>('GET', `/api/v1/Invoice/${invoiceKey}`, token.owner);
    const version = current.json.data.version;
    for (const body of [
      { sales: [] },
      { period_start: '2025-01-01' },
      { period_end: '2030-01-01' },
      { currency: 'USD' },
      { due_date: '2030-01-01' },
    ]) {
      const res = await api.call<Envelope>('PATCH', `/api/v1/Invoice/${invoiceKey}`, token.owner, { ...body, version });
      expect([res.status, res.json.status], JSON.stringify(body)).toEqual([403, 3]);
    }
    const removed = await api.call<Envelope>('DELETE', `/api/v1/Invoice/${invoiceKey}`, token.owner);
    expect([removed.status, removed.json.status]).toEqual([403, 3]);
    const after = await api.call<Envelope>('GET', `/api/v1/Invoice/${invoiceKey}`, token.owner);
    expect(after.json.data).toEqual(current.json.data);
  });

  it('goes submit → cfl → boss → approved → paid', async () => {
    const submitted = await api.call<Envelope>('POST', `/api/v1/Invoice/${invoiceKey}/submit`, token.owner);
    expect(submitted.json.data.state).toBe('submitted');
    const early = await api.call<Envelope>('POST', `/api/v1/Holder/approve/invoices/${invoiceKey}`, token.boss, {
      decision: 'approved',
    });
    expect(early.json.status).not.toBe(0);
    const cfl = await api.call<Envelope<{ moved: boolean }>>('POST', `/api/v1/Holder/approve/invoices/${invoiceKey}`, token.cfl, {
      decision: 'approved',
    });
    expect(cfl.json.data.moved).toBe(false);
    const boss = await api.call<Envelope<{ subject: Rec }>>('POST', `/api/v1/Holder/approve/invoices/${invoiceKey}`, token.boss, {
      decision: 'approved',
    });
    expect(boss.json.data.subject.state).toBe('approved');
    expect((await api.call<Envelope>('POST', `/api/v1/Invoice/${invoiceKey}/mark_paid`, token.owner)).json.status).not.toBe(0);
    const paid = await api.call<Envelope>('POST', `/api/v1/Invoice/${invoiceKey}/mark_paid`, token.cfl);
    expect(paid.json.data.state).toBe('paid');
  });
});
