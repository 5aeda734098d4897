import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTax, DEFAULT_JPY_TAX, dueDaysOf, rateOf, taxRulesFor, type TaxRule } from '@/lib/server/invoices/tax';

const vat10: TaxRule = { kind: 'vat', label_jp: '消費税', label_en: 'VAT', rate_bp: 1000 };
const wht: TaxRule = { kind: 'withholding', label_jp: '源泉徴収税', label_en: 'Withholding', rate_bp: 1021 };

describe('rateOf: subtotal × rate, rounded half away from zero in integer arithmetic', () => {
  it('computes exact cases', () => {
    expect(rateOf(14_000, 1000)).toBe(1_400);
    expect(rateOf(0, 1000)).toBe(0);
    expect(rateOf(123_457, 1021)).toBe(12_605); // 12604.9597
    expect(rateOf(100, 10_000)).toBe(100);
    expect(rateOf(100, 0)).toBe(0);
  });

  it('rounds .5 up and just under .5 down', () => {
    expect(rateOf(5, 1000)).toBe(1); // 0.5
    expect(rateOf(15, 1000)).toBe(2); // 1.5
    expect(rateOf(25, 1000)).toBe(3); // 2.5 (not banker's rounding)
    expect(rateOf(4, 1000)).toBe(0); // 0.4
    expect(rateOf(4_999, 1)).toBe(0); // 0.4999
    expect(rateOf(5_000, 1)).toBe(1); // 0.5
    expect(rateOf(-5, 1000)).toBe(-1); // symmetric for credits
  });

  it('stays exact beyond 2^53 intermediate products', () => {
    // 9,007,199,254,740,991 × 9,999 overflows a double; BigInt keeps it exact.
    expect(rateOf(Number.MAX_SAFE_INTEGER, 9_999)).toBe(Number((BigInt(Number.MAX_SAFE_INTEGER) * 9_999n + 5_000n) / 10_000n));
  });

  it('refuses fractions and rates out of range', () => {
    expect(() => rateOf(1.5, 1000)).toThrow(RangeError);
    expect(() => rateOf(100, 10_001)).toThrow(RangeError);
    expect(() => rateOf(100, 12.5)).toThrow(RangeError);
  });
});

describe('computeTax', () => {
  it('adds VAT and deducts withholding, both on the subtotal', () => {
    const result = computeTax(100_000, [vat10, wht]);
    expect(result.lines.map((l) => l.amount)).toEqual([10_000, -10_210]);
    expect(result.total).toBe(99_790);
  });

  it('honours an explicit sign', () => {
    expect(computeTax(1_000, [{ ...vat10, sign: -1 }]).total).toBe(900);
  });

  it('keeps total = subtotal + Σ lines with integer amounts (property)', () => {
    const rule = fc.record({
      kind: fc.constantFrom<'vat' | 'withholding'>('vat', 'withholding'),
      label_jp: fc.constant('税'),
      label_en: fc.constant('Tax'),
      rate_bp: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.array(rule, { maxLength: 4 }), (subtotal, rules) => {
        const result = computeTax(subtotal, rules);
        for (const line of result.lines) {
          expect(Number.isSafeInteger(line.amount)).toBe(true);
          expect(Math.abs(line.amount)).toBeLessThanOrEqual(subtotal);
          // Within half a minor unit of the exact value.
          const exact = (subtotal * line.rate_bp) / 10_000;
          expect(Math.abs(Math.abs(line.amount) - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
          expect(Math.sign(line.amount) * (line.kind === 'withholding' ? -1 : 1)).not.toBe(-1);
        }
        expect(result.total).toBe(subtotal + result.lines.reduce((s, l) => s + l.amount, 0));
      }),
    );
  });
});

describe('rules from Holder.config', () => {
  it('defaults to 10% consumption tax for JPY and nothing for other currencies', () => {
    expect(taxRulesFor({}, 'JPY')).toEqual([DEFAULT_JPY_TAX]);
    expect(taxRulesFor({}, 'USD')).toEqual([]);
  });

  it('reads tax.lines, with a per-currency override', () => {
    const config = { 'tax.lines': JSON.stringify([vat10, wht]), 'tax.lines.USD': '[]' };
    expect(taxRulesFor(config, 'JPY')).toEqual([vat10, wht]);
    expect(taxRulesFor(config, 'USD')).toEqual([]);
  });

  it('ignores a malformed value and uses the default', () => {
    expect(taxRulesFor({ 'tax.lines': 'not json' }, 'JPY')).toEqual([DEFAULT_JPY_TAX]);
    expect(taxRulesFor({ 'tax.lines': JSON.stringify([{ kind: 'vat', rate_bp: 0.5 }]) }, 'EUR')).toEqual([]);
  });

  it('reads invoice.due_days (default 30)', () => {
    expect(dueDaysOf({})).toBe(30);
    expect(dueDaysOf({ 'invoice.due_days': '45' })).toBe(45);
    expect(dueDaysOf({ 'invoice.due_days': 'soon' })).toBe(30);
  });
});
