/**
 * Exchange rates (issue 21): the holder's finance staff record a rate per currency and month; the
 * bill shows each foreign-currency amount in yen at that rate, names the months still without one
 * (never 1:1), and a corrected rate counts from then on while the earlier one stays in the history.
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@/lib/server/api/authenticate';
import { holderBill } from '@/lib/server/billing/bill';
import { ensureReady } from '@/lib/server/boot';
import { getDb, type Db } from '@/lib/server/db/client';
import { exchangeRates, licensees, licenses, products } from '@/lib/server/db/entities-schema';
import { viewerOf } from '@/lib/server/entities/viewer';
import { afterState } from '@/lib/server/flow/after-state';
import { newKey } from '@/lib/server/keys';
import { createReport } from '@/lib/server/sales/report';
import { salesByMonth } from '@/lib/server/stats/queries';
import * as ratesRoute from '@/pages/api/sales/rates';
import { serveRoute, type RouteServer } from './harness';
import { fixtureReference } from './references';
import { issueAccessToken, callerOf, subOf } from './tokens';

type Envelope<T = Record<string, unknown>> = { status: number; data: T };
let route: RouteServer;
const token: Record<string, string> = {};
let holder: Caller;
let org = '';

async function send(who: string, body: unknown, lang = 'en') {
  const res = await route.request<Envelope<Record<string, unknown>>>('POST', '/api/sales/rates', {
    headers: { authorization: `Bearer ${token[who]}`, 'x-lang': lang },
    body,
  });
  // HTTP status for refusals by role, the envelope's status (0 ok, 5 invalid) otherwise.
  return { http: res.status, status: res.json.status, data: res.json.data, text: res.text };
}

async function rateRows() {
  const [row] = await (await getDb()).select({ n: count() }).from(exchangeRates);
  return row!.n;
}

beforeAll(async () => {
  await ensureReady();
  route = await serveRoute(ratesRoute, '/api/sales/rates');
  for (const [who, email] of Object.entries({
    cfl: 'cfl@example.com',
    brand: 'brand@example.com',
    owner: 'licensee@example.com',
  })) {
    token[who] = await issueAccessToken(await subOf(email));
  }
  holder = await callerOf('holder@example.com');
  const db = await getDb();
  org = newKey();
  await db.insert(licensees).values({ key: org, name: `FX ${org.slice(0, 6)}` });
  const viewer = await viewerOf(db, holder);
  for (const currency of ['USD', 'EUR']) {
    const license = newKey();
    await db.insert(licenses).values({
      key: license,
      reference: fixtureReference('LIC'),
      ip: 'ip',
      licensee: org,
      state: 'active',
      territory: ['JP'],
      term_start: new Date('2026-01-01T00:00:00Z'),
      term_end: new Date('2027-12-31T00:00:00Z'),
      royalty_rate_bp: 1000,
      currency,
    });
    await db.insert(products).values({
      key: newKey(),
      reference: fixtureReference('PRD'),
      license,
      licensee: org,
      name: 'P',
      sku: `FX-${currency}`,
      state: 'approved',
    });
    const { report } = await createReport(db, viewer, {
      licensee: org,
      period_start: '2026-09-01',
      period_end: '2026-09-30',
      rows: [{ license, product: `FX-${currency}`, territory: 'JP', units: 10, gross_sales: '1234.50', net_sales: '1234.50' }],
      source: 'form',
      now: new Date('2026-11-25T00:00:00Z'),
    });
    await db.transaction(async (tx) => {
      await (tx as unknown as Db).execute(sql`update sales_reports set state = 'approved' where key = ${report.key}`);
      await afterState(tx as unknown as Db, 'sales', { key: report.key }, 'approved');
    });
  }
});

afterAll(async () => {
  await route.close();
});

describe('recording a rate', () => {
  it('is refused to anyone outside finance, and for bad input, storing nothing', async () => {
    const before = await rateRows();
    expect((await send('brand', { currency: 'USD', month: '2026-09', rate: '150' })).http).toBe(403);
    expect((await send('owner', { currency: 'USD', month: '2026-09', rate: '150' })).http).toBe(403);
    const zero = await send('cfl', { currency: 'USD', month: '2026-09', rate: '0' }, 'jp');
    expect(zero.status).toBe(5);
    expect((zero.data.errors as Record<string, string>).rate).toContain('0より大きい');
    const many = await send('cfl', { currency: 'USD', month: '2026-09', rate: '150.1234567' });
    expect((many.data.errors as Record<string, string>).rate).toContain('6 decimals');
    expect((await send('cfl', { currency: 'JPY', month: '2026-09', rate: '1' })).status).toBe(5);
    expect((await send('cfl', { currency: 'USD', month: '2026-13', rate: '1' })).status).toBe(5);
    const future = await send('cfl', { currency: 'USD', month: '2999-01', rate: '150' });
    expect((future.data.errors as Record<string, string>).month).toContain('not started');
    expect(await rateRows()).toBe(before);
  });

  it('converts the bill at the month’s rate and names the months without one', async () => {
    const db = await getDb();
    const september = { from: '2026-09-01', to: '2026-09-30', licensee: org };
    const without = await holderBill(db, holder, september);
    const usd = without.entries.find((e) => e.currency === 'USD')!;
    const eur = without.entries.find((e) => e.currency === 'EUR')!;
    // 10% of $1,234.50 = $123.45 (no tax lines for USD by default)
    expect(usd.total).toBe(12_345);
    expect(usd.jpy).toEqual({ amount: null, rate_micro: null, month: '2026-09' });
    expect(without.totals_jpy.complete).toBe(false);
    expect(without.totals_jpy.missing).toEqual(
      expect.arrayContaining([
        { currency: 'USD', month: '2026-09' },
        { currency: 'EUR', month: '2026-09' },
      ]),
    );

    expect((await send('cfl', { currency: 'USD', month: '2026-09', rate: '151.25' })).status).toBe(0);
    const half = await holderBill(db, holder, september);
    // $123.45 × 151.25 = ¥18,671.8125 → ¥18,672; EUR still missing, left out of the yen sum
    expect(half.entries.find((e) => e.currency === 'USD')!.jpy).toEqual({
      amount: 18_672,
      rate_micro: 151_250_000,
      month: '2026-09',
    });
    expect(half.totals_jpy).toEqual({ amount: 18_672, complete: false, missing: [{ currency: 'EUR', month: '2026-09' }] });

    expect((await send('cfl', { currency: 'EUR', month: '2026-09', rate: '160' })).status).toBe(0);
    const full = await holderBill(db, holder, september);
    expect(eur.total).toBe(12_345);
    expect(full.totals_jpy).toEqual({ amount: 18_672 + 19_752, complete: true, missing: [] });
  });

  it('a corrected rate counts from then on; the earlier one stays in the history', async () => {
    expect((await send('cfl', { currency: 'USD', month: '2026-09', rate: '150' })).status).toBe(0);
    const list = await route.request<
      Envelope<{
        rates: { currency: string; month: string; rate_micro: number; history: { rate_micro: number }[] }[];
        may_record: boolean;
      }>
    >('GET', '/api/sales/rates?currency=USD', { headers: { authorization: `Bearer ${token.cfl}` } });
    expect(list.json.status).toBe(0);
    expect(list.json.data.may_record).toBe(true);
    const sept = list.json.data.rates.find((r) => r.month === '2026-09')!;
    expect(sept.rate_micro).toBe(150_000_000);
    expect(sept.history.map((h) => h.rate_micro)).toEqual([151_250_000]);
    const bill = await holderBill(await getDb(), holder, { from: '2026-09-01', to: '2026-09-30', licensee: org });
    expect(bill.entries.find((e) => e.currency === 'USD')!.jpy.amount).toBe(18_518);
    // The statistics carry the same rate and the royalties in yen at it.
    const stats = await salesByMonth(await getDb(), { from: '2026-09', to: '2026-09', currency: 'USD', limit: 10 });
    expect(stats.columns.slice(-2)).toEqual(['rate_micro', 'royalty_jpy']);
    expect(stats.rows[0]!.slice(-3)).toEqual([12_345, 150_000_000, 18_518]);
    // Licensees do not read the holder's rates.
    const outside = await route.request<Envelope>('GET', '/api/sales/rates', {
      headers: { authorization: `Bearer ${token.owner}` },
    });
    expect(outside.status).toBe(403);
  });
});
