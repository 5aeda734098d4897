/**
 * Payments split over an invoice's license lines (issue 21): exact to the smallest unit, pro rata,
 * never a line paid beyond what it carries.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateInvoice, splitByWeights } from '@/lib/server/payments/allocation';

describe('splitByWeights', () => {
  it('splits pro rata, the units left over to the largest fractions', () => {
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeights(10, [4, 3, 3])).toEqual([4, 3, 3]);
    expect(splitByWeights(9, [4, 3, 3])).toEqual([3, 3, 3]);
    expect(splitByWeights(110_000, [50_000, 30_001, 19_999])).toEqual([55_000, 33_001, 21_999]);
    expect(splitByWeights(7, [0, 0])).toEqual([4, 3]);
    expect(splitByWeights(-5, [1, 1])).toEqual([-3, -2]);
    expect(splitByWeights(0, [3, 2])).toEqual([0, 0]);
  });

  it('always sums exactly and stays within one unit of the exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.array(fc.integer({ min: 0, max: 10 ** 9 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const parts = splitByWeights(total, weights);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
          const sum = weights.reduce((s, w) => s + w, 0);
          if (sum > 0) parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]!) / sum)).toBeLessThan(1.0001));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('allocateInvoice', () => {
  it('never shows a line paid beyond its share, and lines add up to the invoice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 ** 8 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (dues, amount, share) => {
          const paid = Math.floor(amount * share);
          const lines = allocateInvoice(
            amount,
            paid,
            dues.map((due) => ({ due })),
          );
          expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(amount);
          expect(lines.reduce((s, l) => s + l.paid, 0)).toBe(paid);
          expect(lines.reduce((s, l) => s + l.outstanding, 0)).toBe(amount - paid);
          for (const l of lines) {
            expect(l.paid).toBeGreaterThanOrEqual(0);
            expect(l.outstanding).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
