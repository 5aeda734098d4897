import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recoup, recoupBilled } from '@/lib/server/royalty/recoupment';
import { royaltyOf, royaltyOfRows, runningTotals } from '@/lib/server/royalty/royalty';

/** Exact reference in BigInt: floor((net × bp + 5000) / 10000). */
const reference = (net: number, bp: number) => (BigInt(net) * BigInt(bp) + 5000n) / 10000n;

describe('royaltyOf', () => {
  it('rounds half up, per row, exactly', () => {
    const cases: [number, number, number][] = [
      [4, 1250, 1], // 0.5 → 1
      [3, 1250, 0], // 0.375 → 0
      [12, 1250, 2], // 1.5 → 2
      [11, 1250, 1], // 1.375 → 1
      [12345, 1250, 1543], // 1543.125
      [12348, 1250, 1544], // 1543.5
      [0, 9999, 0],
      [1, 5000, 1], // 0.5
      [1, 4999, 0],
      [100, 10000, 100],
      [2 ** 53 - 1, 10000, 2 ** 53 - 1],
      [2 ** 53 - 1, 1, 900719925474], // 900719925474.0991
    ];
    for (const [net, bp, royalty] of cases) expect(royaltyOf(net, bp), `${net} @ ${bp}`).toBe(royalty);
  });

  it('refuses floats, negatives and rates above 100 %', () => {
    expect(() => royaltyOf(1.5, 100)).toThrow(RangeError);
    expect(() => royaltyOf(-1, 100)).toThrow(RangeError);
    expect(() => royaltyOf(1, 10001)).toThrow(RangeError);
    expect(() => royaltyOf(2 ** 53, 1)).toThrow(RangeError);
  });

  it('property: integers in, integers out, equal to the BigInt reference, never above net', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 10000 }), (net, bp) => {
        const r = royaltyOf(net, bp);
        expect(Number.isSafeInteger(r)).toBe(true);
        expect(BigInt(r)).toBe(reference(net, bp));
        expect(r).toBeLessThanOrEqual(net);
        // |r − net × bp / 10000| ≤ 1/2
        const diff2 = BigInt(r) * 20000n - BigInt(net) * BigInt(bp) * 2n;
        expect(diff2 <= 10000n && diff2 > -10000n).toBe(true);
      }),
    );
  });

  it('property: amounts whose product stays below 2^53 (the plain-number way) equal the BigInt reference', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 900_719_925_474 }), fc.integer({ min: 0, max: 10000 }), (net, bp) => {
        expect(BigInt(royaltyOf(net, bp))).toBe(reference(net, bp));
      }),
    );
    // Either side of where the plain-number way ends.
    for (const net of [900_719_925_474, 900_719_925_475, 900_719_925_476]) {
      expect(BigInt(royaltyOf(net, 10000)), String(net)).toBe(reference(net, 10000));
      expect(BigInt(royaltyOf(net, 9999)), String(net)).toBe(reference(net, 9999));
    }
  });

  it('property: per-row rounding differs from rounding the sum by at most half a unit per row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 10000 }),
        (nets, bp) => {
          const perRow = royaltyOfRows(
            nets.map((net_sales) => ({ net_sales })),
            bp,
          );
          const ofSum = royaltyOf(
            nets.reduce((a, b) => a + b, 0),
            bp,
          );
          // Each row is off by at most 1/2 from its exact value, the sum's rounding by at most 1/2 too.
          expect(Math.abs(perRow - ofSum)).toBeLessThanOrEqual(Math.ceil(nets.length / 2) + 1);
        },
      ),
    );
  });
});

describe('runningTotals', () => {
  it('recoups the advance first, then pays', () => {
    expect(runningTotals({ advance: 1000, minimumGuarantee: 5000 }, [300, 500, 400])).toEqual({
      earned: 1200,
      recouped: 1000,
      advanceRemaining: 0,
      payable: 200,
      mgCovered: 1200,
      mgProgressBp: 2400,
      mgRemaining: 3800,
    });
  });

  it('with nothing earned the advance alone counts towards the MG', () => {
    expect(runningTotals({ advance: 1000, minimumGuarantee: 4000 }, [])).toMatchObject({
      earned: 0,
      recouped: 0,
      advanceRemaining: 1000,
      payable: 0,
      mgProgressBp: 2500,
    });
  });

  it('no MG means full progress; MG progress is capped at 100 %', () => {
    expect(runningTotals({ advance: 0, minimumGuarantee: 0 }, [5]).mgProgressBp).toBe(10000);
    expect(runningTotals({ advance: 0, minimumGuarantee: 10 }, [50]).mgProgressBp).toBe(10000);
  });

  it('property: recouped + payable = earned; payable is what recoup() pays period by period', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 1e10 }), { maxLength: 24 }),
        (advance, minimumGuarantee, periods) => {
          const t = runningTotals({ advance, minimumGuarantee }, periods);
          const earned = periods.reduce((a, b) => a + b, 0);
          expect(t.earned).toBe(earned);
          expect(t.recouped + t.payable).toBe(earned);
          expect(t.recouped + t.advanceRemaining).toBe(advance);
          expect(t.payable).toBe(Math.max(0, earned - advance));
          expect(Number.isInteger(t.mgProgressBp) && t.mgProgressBp >= 0 && t.mgProgressBp <= 10000).toBe(true);
          let before = 0;
          let paid = 0;
          for (const now of periods) {
            const step = recoup({ advance, minimumGuarantee, earnedBefore: before, earnedNow: now, finalPeriod: false });
            paid += step.payable;
            before = step.earnedToDate;
          }
          expect(paid).toBe(t.payable);
        },
      ),
    );
  });
});

describe('recoupBilled: measured against what was billed', () => {
  const term = { advance: 100_000, minimumGuarantee: 500_000, finalPeriod: false };
  it('is recoup() while nothing beyond it was billed', () => {
    const plain = recoup({ ...term, earnedBefore: 150_000, earnedNow: 80_000 });
    const billed = recoupBilled({ ...term, earnedBefore: 150_000, earnedNow: 80_000, billedPayable: 50_000, billedShortfall: 0 });
    expect(billed).toMatchObject({ payable: plain.payable, due: plain.due, shortfallNetted: 0 });
  });
  it('nets a late report against the MG shortfall billed, and bills only what passes the MG', () => {
    // Billed: advance 100,000 + shortfall 400,000 on 100,000 earned. Late: 200,000, then 300,000.
    const march = recoupBilled({
      ...term,
      earnedBefore: 100_000,
      earnedNow: 200_000,
      billedPayable: 0,
      billedShortfall: 400_000,
    });
    expect(march).toMatchObject({ payable: 0, mgShortfall: 0, due: 0, recoupedNow: 200_000, shortfallNetted: 200_000 });
    const april = recoupBilled({
      ...term,
      earnedBefore: 300_000,
      earnedNow: 300_000,
      billedPayable: 0,
      billedShortfall: 400_000,
    });
    expect(april).toMatchObject({ payable: 100_000, due: 100_000, shortfallNetted: 200_000 });
  });
  it('never bills again what a later period invoiced first already billed', () => {
    // March was invoiced before February: February is billed only what takes the total to what is owed.
    const feb = recoupBilled({ ...term, earnedBefore: 300_000, earnedNow: 100_000, billedPayable: 200_000, billedShortfall: 0 });
    expect(feb.payable).toBe(100_000);
  });
});
