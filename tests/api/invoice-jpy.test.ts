/**
 * The holder's invoice list in yen (issue 21): an invoice in another currency is converted at the
 * rate recorded for the month its period starts in — the same figure and rate as the holder's bill
 * shows for it — and one without a recorded rate gets no yen amount (never 1:1). Another
 * organisation's invoices are left out for a licensee; a malformed key list is refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@/lib/server/api/authenticate';
import { holderBill } from '@/lib/server/billing/bill';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { exchangeRates, invoices, licensees } from '@/lib/server/db/entities-schema';
import { toJpy } from '@/lib/server/fx/convert';
import { newKey } from '@/lib/server/keys';
import * as jpyRoute from '@/pages/api/invoice/jpy';
import { serveRoute, type RouteServer } from './harness';
import { fixtureReference } from './references';
import { issueAccessToken, callerOf, subOf } from './tokens';

type Answer = { status: number; data: { invoices: { invoice: string; amount: number; jpy: Record<string, unknown> }[] } };

let route: RouteServer;
const token: Record<string, string> = {};
const fx = { org: '', other: '', usd: '', eur: '', jpy: '', foreign: '' };
let holder: Caller;

async function invoice(org: string, amount: number, currency: string, month: string) {
  const key = newKey();
  await (await getDb()).insert(invoices).values({
    key,
    reference: fixtureReference('INV'),
    licensee: org,
    period_start: new Date(`${month}-01T00:00:00Z`),
    period_end: new Date(`${month}-28T00:00:00Z`),
    amount,
    currency,
    due_date: new Date('2099-01-31T00:00:00Z'),
    state: 'approved',
  });
  return key;
}

beforeAll(async () => {
  await ensureReady();
  route = await serveRoute(jpyRoute, '/api/invoice/jpy');
  for (const [who, email] of Object.entries({ holder: 'holder@example.com', owner: 'licensee@example.com' }))
    token[who] = await issueAccessToken(await subOf(email));
  holder = await callerOf('holder@example.com');
  const db = await getDb();
  const [org] = await db
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.name, 'Demo Snacks Manufacturing Co.'));
  fx.org = org!.key;
  fx.other = newKey();
  await db.insert(licensees).values({ key: fx.other, name: 'Other Yen Co.' });
  await db.delete(exchangeRates).where(eq(exchangeRates.month, '2026-07'));
  await db
    .insert(exchangeRates)
    .values({ key: newKey(), currency: 'USD', month: '2026-07', rate_micro: 151_234_567, recorded_by: holder.sub });
  fx.usd = await invoice(fx.org, 1_234_56, 'USD', '2026-07');
  fx.eur = await invoice(fx.org, 99_99, 'EUR', '2026-07');
  fx.jpy = await invoice(fx.org, 50_000, 'JPY', '2026-07');
  fx.foreign = await invoice(fx.other, 10_00, 'USD', '2026-07');
});

afterAll(async () => {
  await route.close();
});

const read = (who: string, keys: string) =>
  route.request<Answer>('GET', `/api/invoice/jpy?keys=${keys}`, { headers: { authorization: `Bearer ${token[who]}` } });

describe('invoices in yen', () => {
  it('converts at the recorded rate, as the bill does; no rate, no yen amount', async () => {
    const answer = await read('holder', [fx.usd, fx.eur, fx.jpy, fx.foreign].join(','));
    expect(answer.json.status, answer.text).toBe(0);
    const by = new Map(answer.json.data.invoices.map((i) => [i.invoice, i]));
    expect(by.get(fx.usd)!.jpy).toEqual({
      amount: toJpy(1_234_56, 'USD', 151_234_567),
      rate_micro: 151_234_567,
      month: '2026-07',
    });
    // 1,234.56 USD × 151.234567 = 186,708.15… → ¥186,708.
    expect(by.get(fx.usd)!.jpy.amount).toBe(186_708);
    expect(by.get(fx.eur)!.jpy).toEqual({ amount: null, rate_micro: null, month: '2026-07' });
    expect(by.get(fx.jpy)!.jpy).toEqual({ amount: 50_000, rate_micro: null, month: '2026-07' });
    // The holder's bill shows the same invoice at the same yen amount and rate.
    const bill = await holderBill(await getDb(), holder, { from: '2026-07-01', to: '2026-07-31', licensee: fx.org });
    const usd = bill.entries.filter((e) => e.status === 'invoiced' && e.currency === 'USD');
    expect(usd.map((e) => e.jpy)).toContainEqual(by.get(fx.usd)!.jpy);
  });

  it('a licensee reads only its own invoices; a malformed list is refused', async () => {
    const own = await read('owner', [fx.usd, fx.foreign].join(','));
    expect(own.json.data.invoices.map((i) => i.invoice)).toEqual([fx.usd]);
    const bad = await read('holder', 'a,,b');
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.json.data as unknown as { errors: object }).errors)).toEqual(['keys']);
  });
});
