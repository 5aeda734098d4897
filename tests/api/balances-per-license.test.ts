/**
 * Balances per license (issue 21): a payment on an invoice is split over its license lines in
 * proportion to what each bills, so the per-license balances add up to the licensee's to the unit;
 * a reversal restores them. Property: for generated invoices, payments and reversals, per-license
 * balances always sum to the licensee balance (outstanding and overdue), in the holder's view and
 * the licensee's own.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@/lib/server/api/authenticate';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { invoices, licensees } from '@/lib/server/db/entities-schema';
import { logWorkflow } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';
import { balances, type LicenseeBalance } from '@/lib/server/payments/balances';
import { recordPayment, reversePayment } from '@/lib/server/payments/record-payment';
import { fixtureReference } from './references';
import { callerOf } from './tokens';

let cfl: Caller;
let owner: Caller;
let demoOrg = '';
const NOW = new Date('2026-11-25T03:00:00Z');

beforeAll(async () => {
  await ensureReady();
  cfl = await callerOf('cfl@example.com');
  owner = await callerOf('licensee@example.com');
  const [org] = await (
    await getDb()
  )
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.name, 'Demo Snacks Manufacturing Co.'));
  demoOrg = org!.key;
});

type Line = { license: string; reference: string; due: number };

/** An approved invoice as a draft records it: the amount and, in its create log, the license lines. */
async function invoiceWith(org: string, amount: number, lines: Line[], due: string, currency = 'JPY') {
  const db = await getDb();
  const key = newKey();
  await db.insert(invoices).values({
    key,
    reference: fixtureReference('INV'),
    licensee: org,
    period_start: new Date('2026-09-01T00:00:00Z'),
    period_end: new Date('2026-09-30T00:00:00Z'),
    amount,
    currency,
    due_date: new Date(`${due}T00:00:00Z`),
    state: 'approved',
  });
  await db.insert(logWorkflow).values({
    id: newKey(),
    action: 'create',
    path: '>draft',
    key,
    ref: 'invoice',
    data: {
      breakdown: {
        lines: lines.map((l) => ({
          license: l.license,
          license_reference: l.reference,
          ip: 'ip',
          ip_name: `IP ${l.reference}`,
          due: l.due,
        })),
      },
    },
  });
  return key;
}

function sumsAgree(entry: LicenseeBalance) {
  expect(entry.licenses.reduce((s, l) => s + l.outstanding, 0)).toBe(entry.outstanding);
  expect(entry.licenses.reduce((s, l) => s + l.overdue, 0)).toBe(entry.overdue);
  for (const l of entry.licenses) {
    expect(l.outstanding).toBeGreaterThanOrEqual(0);
    expect(l.oldest_overdue_days).toBeLessThanOrEqual(entry.oldest_overdue_days);
  }
}

describe('balances per license', () => {
  it('a partial payment is split pro rata to the unit, the lines sum to the licensee, a reversal restores', async () => {
    const a = { license: newKey(), reference: 'LIC-2026-9001', due: 50_000 };
    const b = { license: newKey(), reference: 'LIC-2026-9002', due: 30_001 };
    const c = { license: newKey(), reference: 'LIC-2026-9003', due: 19_999 };
    // Overdue since 2026-10-31 (25 days on 2026-11-25 in Japan); a second invoice, not yet due, bills `a` again.
    const first = await invoiceWith(demoOrg, 110_000, [a, b, c], '2026-10-31');
    await invoiceWith(demoOrg, 22_000, [a], '2099-01-31');
    const read = async (who: Caller) => {
      const answer = await balances((await getDb()) as never, who, { licensee: demoOrg }, NOW);
      return { ...answer, jpy: answer.licensees.find((l) => l.currency === 'JPY')! };
    };
    const before = await read(cfl);
    const mine = before.invoices.find((i) => i.invoice === first)!;
    expect(mine.lines.map((l) => [l.license_reference, l.amount, l.outstanding])).toEqual([
      ['LIC-2026-9001', 55_000, 55_000],
      ['LIC-2026-9002', 33_001, 33_001],
      ['LIC-2026-9003', 21_999, 21_999],
    ]);
    const rowA = () => before.jpy.licenses.find((l) => l.license_reference === 'LIC-2026-9001')!;
    expect(rowA()).toMatchObject({ ip_name: 'IP LIC-2026-9001', overdue: 55_000, oldest_overdue_days: 25 });
    expect(rowA().outstanding - 55_000).toBe(22_000);
    sumsAgree(before.jpy);

    const { payment } = await recordPayment((await getDb()) as never, cfl, first, {
      amount: '33,333',
      paid_on: '2026-11-20',
      method: 'bank_transfer',
    });
    const after = await read(cfl);
    const lines = after.invoices.find((i) => i.invoice === first)!.lines;
    // 33,333 × 55,000 / 110,000 = 16,666.5 → the halves go by largest remainder, the larger line first.
    expect(lines.map((l) => l.paid)).toEqual([16_667, 10_000, 6_666]);
    expect(lines.reduce((s, l) => s + l.paid, 0)).toBe(33_333);
    expect(lines.reduce((s, l) => s + l.outstanding, 0)).toBe(110_000 - 33_333);
    sumsAgree(after.jpy);
    expect(after.jpy.outstanding).toBe(before.jpy.outstanding - 33_333);
    // The licensee reads the same figures in its own view.
    const own = await read(owner);
    expect(own.jpy.licenses).toEqual(after.jpy.licenses);

    await reversePayment((await getDb()) as never, cfl, payment.key, { reason: 'Bounced.' });
    const restored = await read(cfl);
    expect(restored.jpy.licenses).toEqual(before.jpy.licenses);
    expect(restored.jpy.outstanding).toBe(before.jpy.outstanding);
  });

  it('per-license balances sum to the licensee balance for generated invoices, payments and reversals', async () => {
    const db = await getDb();
    const step = fc.record({
      invoice: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
      reverse: fc.boolean(),
    });
    const invoiceArb = fc.record({
      lines: fc.array(fc.record({ license: fc.integer({ min: 0, max: 3 }), due: fc.integer({ min: 0, max: 500_000 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      // Tax on top (10%) or withholding off (−20.42%): the amount is not the sum of the lines.
      tax_bp: fc.constantFrom(0, 1000, -2042),
      currency: fc.constantFrom('JPY', 'USD'),
      overdue: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(invoiceArb, { minLength: 1, maxLength: 4 }),
        fc.array(step, { maxLength: 6 }),
        async (generated, steps) => {
          const org = newKey();
          await db.insert(licensees).values({ key: org, name: `Balances ${org.slice(0, 6)}` });
          const pool = Array.from({ length: 4 }, (_, i) => ({ license: newKey(), reference: `LIC-2026-8${i}00` }));
          const keys: string[] = [];
          for (const g of generated) {
            const lines = g.lines.map((l) => ({ ...pool[l.license]!, due: l.due }));
            const subtotal = lines.reduce((s, l) => s + l.due, 0);
            const amount = subtotal + Math.trunc((subtotal * g.tax_bp) / 10_000);
            if (amount <= 0) continue;
            keys.push(await invoiceWith(org, amount, lines, g.overdue ? '2026-10-31' : '2099-01-31', g.currency));
          }
          const recorded: string[] = [];
          for (const s of steps) {
            if (keys.length === 0) break;
            if (s.reverse && recorded.length > 0) {
              await reversePayment(db as never, cfl, recorded.pop()!, { reason: 'Generated reversal.' });
              continue;
            }
            const key = keys[s.invoice % keys.length]!;
            const current = (await balances(db as never, cfl, { licensee: org }, NOW)).invoices.find((i) => i.invoice === key)!;
            if (current.outstanding <= 0) continue;
            const minor = Math.max(1, Math.floor((current.outstanding * s.share) / 100));
            const amount = current.currency === 'USD' ? (minor / 100).toFixed(2) : String(minor);
            const { payment } = await recordPayment(db as never, cfl, key, { amount, paid_on: '2026-11-20', method: 'other' });
            recorded.push(payment.key);
          }
          const answer = await balances(db as never, cfl, { licensee: org }, NOW);
          for (const entry of answer.licensees) sumsAgree(entry);
          for (const i of answer.invoices) {
            expect(i.lines.reduce((s, l) => s + l.outstanding, 0)).toBe(i.outstanding);
            expect(i.lines.reduce((s, l) => s + l.paid, 0)).toBe(i.paid);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});
