/**
 * One billing truth (issue 21), property-based: for generated licenses (rate, advance, minimum
 * guarantee, currency, term ending in the month or not), reports and corrections, tax lines
 * from Holder.config (withholding among them) and exchange rates recorded or not, the holder's bill, the invoice preview, the invoice and the statistics
 * agree to the smallest currency unit; a report approved late (after October and its MG
 * shortfall were billed) bills only what the license still owes over its term; and invoice numbers stay gapless under concurrent creation.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@/lib/server/api/authenticate';
import { holderBill } from '@/lib/server/billing/bill';
import { ensureReady } from '@/lib/server/boot';
import { getDb, type Db } from '@/lib/server/db/client';
import { exchangeRates, holders, invoices, licensees, licenses, products, sales } from '@/lib/server/db/entities-schema';
import { toJpy } from '@/lib/server/fx/convert';
import { salesMonthly } from '@/lib/server/db/platform-schema';
import { viewerOf } from '@/lib/server/entities/viewer';
import { afterState } from '@/lib/server/flow/after-state';
import { draftInvoice, previewInvoice } from '@/lib/server/invoices/draft-invoice';
import { newKey } from '@/lib/server/keys';
import { createReport } from '@/lib/server/sales/report';
import { fixtureReference } from './references';
import { callerOf } from './tokens';

let holder: Caller;
let holderKey = '';
let restore: Record<string, string> = {};

beforeAll(async () => {
  await ensureReady();
  holder = await callerOf('holder@example.com');
  const db = await getDb();
  const [h] = await db.select().from(holders).where(eq(holders.is_default, true));
  holderKey = h!.key;
  restore = h!.config;
});

afterAll(async () => {
  await (await getDb()).update(holders).set({ config: restore }).where(eq(holders.key, holderKey));
});

const licenseArb = fc.record({
  currency: fc.constantFrom('JPY', 'USD', 'EUR'),
  rate_bp: fc.integer({ min: 1, max: 3000 }),
  advance: fc.integer({ min: 0, max: 200_000 }),
  minimum_guarantee: fc.integer({ min: 0, max: 400_000 }),
  endsInOctober: fc.boolean(),
});
const rowArb = fc.record({ units: fc.integer({ min: 0, max: 500 }), net: fc.integer({ min: 0, max: 900_000 }) });
const caseArb = fc.record({
  licenses: fc.array(licenseArb, { minLength: 1, maxLength: 3 }),
  // Earlier months (approved before), October's first report and, maybe, its correction.
  september: fc.array(rowArb, { minLength: 0, maxLength: 2 }),
  october: fc.array(rowArb, { minLength: 1, maxLength: 3 }),
  correction: fc.option(fc.array(rowArb, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  tax: fc.constantFrom('none', 'vat', 'vat+withholding'),
  // A report for August approved after October was invoiced (and with it any MG shortfall of a
  // term ending in October): the late royalties are netted, never billed twice.
  late: fc.option(fc.array(rowArb, { minLength: 1, maxLength: 2 }), { nil: undefined }),
  // JPY per unit in millionths for October, or none recorded (then the bill must not convert).
  rate: fc.option(fc.integer({ min: 1, max: 300_000_000 }), { nil: undefined }),
});

const TAX: Record<string, string | undefined> = {
  none: JSON.stringify([]),
  vat: undefined,
  'vat+withholding': JSON.stringify([
    { kind: 'vat', label_jp: '消費税', label_en: 'Consumption tax', rate_bp: 1000 },
    { kind: 'withholding', label_jp: '源泉徴収税', label_en: 'Withholding tax', rate_bp: 2042 },
  ]),
};

async function approve(db: Db, report: string) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`update sales_reports set state = 'approved' where key = ${report}`);
    await afterState(t, 'sales', { key: report }, 'approved');
  });
}

describe('the bill, the preview, the invoice and the statistics', () => {
  it('agree to the smallest currency unit for generated months', async () => {
    const db = await getDb();
    const viewer = await viewerOf(db, holder);
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const config = { ...restore };
        for (const key of ['tax.lines', 'tax.lines.JPY', 'tax.lines.USD']) delete config[key];
        if (TAX[c.tax] !== undefined) config['tax.lines'] = TAX[c.tax]!;
        await db.update(holders).set({ config }).where(eq(holders.key, holderKey));
        const org = newKey();
        await db.insert(licensees).values({ key: org, name: `Truth ${org.slice(0, 6)}` });
        const made: { key: string; currency: string; advance: number; mg: number; ended: boolean }[] = [];
        for (const l of c.licenses) {
          const key = newKey();
          await db.insert(licenses).values({
            key,
            reference: fixtureReference('LIC'),
            ip: 'ip',
            licensee: org,
            state: 'active',
            territory: ['JP'],
            term_start: new Date('2026-01-01T00:00:00Z'),
            term_end: new Date(l.endsInOctober ? '2026-10-31T00:00:00Z' : '2027-12-31T00:00:00Z'),
            royalty_rate_bp: l.rate_bp,
            advance: l.advance,
            minimum_guarantee: l.minimum_guarantee,
            currency: l.currency,
          });
          const product = newKey();
          await db.insert(products).values({
            key: product,
            reference: fixtureReference('PRD'),
            license: key,
            licensee: org,
            name: 'P',
            sku: 'SKU-1',
            state: 'approved',
          });
          made.push({
            key,
            currency: l.currency,
            advance: l.advance,
            mg: l.minimum_guarantee,
            ended: l.endsInOctober,
          });
        }
        const rowsFor = (rows: { units: number; net: number }[]) =>
          made.flatMap((m) =>
            rows.map((r) => {
              const major = m.currency === 'JPY' ? String(r.net) : (r.net / 100).toFixed(2);
              return { license: m.key, product: 'SKU-1', territory: 'JP', units: r.units, gross_sales: major, net_sales: major };
            }),
          );
        const month = (m: string) => ({ period_start: `2026-${m}-01`, period_end: `2026-${m}-${m === '09' ? '30' : '31'}` });
        const now = new Date('2026-11-25T00:00:00Z');
        if (c.september.length) {
          const { report } = await createReport(db, viewer, {
            licensee: org,
            ...month('09'),
            rows: rowsFor(c.september),
            source: 'form',
            now,
          });
          await approve(db, report.key);
        }
        const first = await createReport(db, viewer, {
          licensee: org,
          ...month('10'),
          rows: rowsFor(c.october),
          source: 'form',
          now,
        });
        await approve(db, first.report.key);
        if (c.correction) {
          const second = await createReport(db, viewer, {
            licensee: org,
            ...month('10'),
            rows: rowsFor(c.correction),
            source: 'form',
            now,
          });
          expect(second.report.corrects).toEqual([first.report.key]);
          await approve(db, second.report.key);
        }
        await db.delete(exchangeRates).where(eq(exchangeRates.month, '2026-10'));
        if (c.rate !== undefined) {
          for (const currency of ['USD', 'EUR']) {
            await db
              .insert(exchangeRates)
              .values({ key: newKey(), currency, month: '2026-10', rate_micro: c.rate, recorded_by: holder.sub });
          }
        }
        const october = { from: '2026-10-01', to: '2026-10-31' };
        const bill = await holderBill(db, holder, { ...october, licensee: org });
        const drafted: { lines: { license: string; due: number }[] }[] = [];
        const currencies = [...new Set(made.map((m) => m.currency))];
        for (const currency of currencies) {
          const entry = bill.entries.find((e) => e.currency === currency && e.status === 'to_invoice')!;
          expect(entry, currency).toBeDefined();
          const input = { licensee: org, period_start: '2026-10-01', period_end: '2026-10-31', currency };
          const preview = await previewInvoice(db, holder, input);
          expect(preview.total).toBe(entry.total);
          expect(preview.subtotal).toBe(entry.subtotal);
          expect(preview.lines.reduce((sum, l) => sum + l.advance_billed + l.mg_shortfall, 0)).toBe(
            entry.advance_billed + entry.mg_shortfall,
          );
          // In yen: at the recorded rate, never 1:1 without one.
          if (currency === 'JPY') expect(entry.jpy.amount).toBe(entry.total);
          else if (c.rate === undefined) expect(entry.jpy).toMatchObject({ amount: null, rate_micro: null });
          else expect(entry.jpy).toMatchObject({ amount: toJpy(entry.total, currency, c.rate), rate_micro: c.rate });
          const { invoice, breakdown } = await draftInvoice(db, holder, input);
          drafted.push(breakdown);
          expect(invoice.amount).toBe(entry.total);
          expect(invoice.charges.reduce((sum, ch) => sum + ch.amount, 0)).toBe(entry.advance_billed + entry.mg_shortfall);
          expect(invoice.tax_lines.map((l) => l.amount)).toEqual(entry.tax_lines.map((l) => l.amount));
          // Afterwards the bill shows the invoice itself, for the same amount.
          const after = await holderBill(db, holder, { ...october, licensee: org });
          expect(after.entries.find((e) => e.currency === currency && e.invoice_reference === invoice.reference)?.total).toBe(
            entry.total,
          );
          // The statistics count October's royalties once: the correction's rows, never both reports'.
          const [stats] = await db
            .select({ royalty: sql<string>`coalesce(sum(${salesMonthly.royalty}), 0)` })
            .from(salesMonthly)
            .where(and(eq(salesMonthly.month, '2026-10'), eq(salesMonthly.licensee, org), eq(salesMonthly.currency, currency)));
          expect(Number(stats!.royalty)).toBe(entry.royalty);
        }
        if (c.late) {
          const { report } = await createReport(db, viewer, {
            licensee: org,
            period_start: '2026-08-01',
            period_end: '2026-08-31',
            rows: rowsFor(c.late),
            source: 'form',
            now,
          });
          await approve(db, report.key);
          // August, then September if it was reported: bill, preview and invoice agree again.
          for (const [from, to] of [
            ['2026-08-01', '2026-08-31'],
            ...(c.september.length ? [['2026-09-01', '2026-09-30']] : []),
          ]) {
            const later = await holderBill(db, holder, { from: from!, to: to!, licensee: org });
            for (const currency of currencies) {
              const entry = later.entries.find((e) => e.currency === currency && e.status === 'to_invoice')!;
              expect(entry, `${from} ${currency}`).toBeDefined();
              const input = { licensee: org, period_start: from!, period_end: to!, currency };
              expect((await previewInvoice(db, holder, input)).total).toBe(entry.total);
              const { invoice, breakdown } = await draftInvoice(db, holder, input);
              expect(invoice.amount).toBe(entry.total);
              drafted.push(breakdown);
            }
          }
          // Everything invoiced: each license was billed, over all its invoices, what it owes over the
          // term — max(royalties earned, advance, and the MG once the term ended) — never a late royalty twice.
          for (const m of made) {
            const [earned] = await db
              .select({ royalty: sql<string>`coalesce(sum(${sales.royalty}), 0)` })
              .from(sales)
              .where(and(eq(sales.license, m.key), eq(sales.state, 'invoiced')));
            const billed = drafted
              .flatMap((b) => b.lines)
              .filter((l) => l.license === m.key)
              .reduce((sum, l) => sum + l.due, 0);
            expect(billed, m.key).toBe(Math.max(Number(earned!.royalty), m.advance, m.ended ? m.mg : 0));
          }
        }
      }),
      { numRuns: 14 },
    );
  }, 240_000);
});

describe('invoice numbers', () => {
  it('are gapless under concurrent creation', async () => {
    const db = await getDb();
    const viewer = await viewerOf(db, holder);
    const org = newKey();
    await db.insert(licensees).values({ key: org, name: `Gapless ${org.slice(0, 6)}` });
    const key = newKey();
    await db.insert(licenses).values({
      key,
      reference: fixtureReference('LIC'),
      ip: 'ip',
      licensee: org,
      state: 'active',
      territory: ['JP'],
      term_start: new Date('2025-01-01T00:00:00Z'),
      term_end: new Date('2027-12-31T00:00:00Z'),
      royalty_rate_bp: 1000,
    });
    await db.insert(products).values({
      key: newKey(),
      reference: fixtureReference('PRD'),
      license: key,
      licensee: org,
      name: 'P',
      sku: 'G-1',
      state: 'approved',
    });
    const months = Array.from({ length: 10 }, (_, i) => i + 1);
    for (const m of months) {
      const mm = String(m).padStart(2, '0');
      const end = new Date(Date.UTC(2026, m, 0)).toISOString().slice(0, 10);
      const { report } = await createReport(db, viewer, {
        licensee: org,
        period_start: `2026-${mm}-01`,
        period_end: end,
        rows: [{ license: key, product: 'G-1', territory: 'JP', units: 1, gross_sales: 1000, net_sales: 1000 }],
        source: 'form',
        now: new Date('2026-11-25T00:00:00Z'),
      });
      await approve(db, report.key);
    }
    // Ten drafts at once, plus one that fails (no sales in its period) and must not burn a number.
    const results = await Promise.allSettled([
      ...months.map((m) => {
        const mm = String(m).padStart(2, '0');
        const end = new Date(Date.UTC(2026, m, 0)).toISOString().slice(0, 10);
        return draftInvoice(db, holder, { licensee: org, period_start: `2026-${mm}-01`, period_end: end });
      }),
      draftInvoice(db, holder, { licensee: org, period_start: '2025-01-01', period_end: '2025-01-31' }),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const mine = await db.select({ reference: invoices.reference }).from(invoices).where(eq(invoices.licensee, org));
    const all = await db
      .select({ reference: invoices.reference })
      .from(invoices)
      .where(
        inArray(
          invoices.reference,
          mine.map((r) => r.reference),
        ),
      );
    expect(all).toHaveLength(10);
    // Every invoice of this holder this year, in order, has no gap.
    const year = await db
      .select({ reference: invoices.reference })
      .from(invoices)
      .where(sql`${invoices.reference} like 'INV-2026-%'`);
    const numbers = year.map((r) => Number(r.reference.slice(-4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers[0]! + i));
  }, 120_000);
});
