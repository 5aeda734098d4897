import { recoup } from './recoupment';

/**
 * Royalty of one sales row in minor units: net × rate (basis points) / 10000, rounded half up, in
 * BigInt so no amount up to 2^53 − 1 loses a unit. We round PER ROW: a report's royalty is the sum
 * of its rows' rounded royalties, which may differ from rounding the report's summed net sales by
 * at most half a unit per row (the UI help text says so).
 */
export function royaltyOf(netSales: number, rateBp: number): number {
  if (!Number.isSafeInteger(netSales) || netSales < 0) throw new RangeError('netSales must be a non-negative safe integer');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10000) throw new RangeError('rateBp must be 0..10000');
  // Below 2^53 the product and its remainder are exact in plain numbers, and a million rows of a
  // file then skip a million BigInt divisions; only larger amounts take the BigInt way.
  const scaled = netSales * rateBp + 5000;
  if (scaled <= Number.MAX_SAFE_INTEGER) return (scaled - (scaled % 10000)) / 10000;
  return Number((BigInt(netSales) * BigInt(rateBp) + 5000n) / 10000n);
}

/** Sum of per-row royalties, each rounded half up (see royaltyOf). */
export function royaltyOfRows(rows: readonly { net_sales: number }[], rateBp: number): number {
  return rows.reduce((sum, row) => sum + royaltyOf(row.net_sales, rateBp), 0);
}

export interface LicenseTerms {
  advance: number;
  minimumGuarantee: number;
}

/** Where a license stands over its term, all in its currency's minor units. */
export interface RunningTotals {
  /** Royalties earned to date (sum of the rows' rounded royalties). */
  earned: number;
  /** The part of the advance already recouped by earned royalties. */
  recouped: number;
  /** Advance still to be recouped. */
  advanceRemaining: number;
  /** Royalties payable to date beyond the advance. */
  payable: number;
  /** What the holder has received or is owed so far: max(earned, advance); counts towards the MG. */
  mgCovered: number;
  /** MG progress in basis points of the minimum guarantee (10000 = reached; 10000 when there is no MG). */
  mgProgressBp: number;
  /** MG still uncovered. */
  mgRemaining: number;
}

/** Running totals of a license from its royalties earned per period, oldest first (integers in, integers out). */
export function runningTotals(terms: LicenseTerms, earnedPerPeriod: readonly number[]): RunningTotals {
  let earnedBefore = 0;
  let payable = 0;
  for (const earnedNow of earnedPerPeriod) {
    const step = recoup({
      advance: terms.advance,
      minimumGuarantee: terms.minimumGuarantee,
      earnedBefore,
      earnedNow,
      finalPeriod: false,
    });
    payable += step.payable;
    earnedBefore = step.earnedToDate;
  }
  const earned = earnedBefore;
  const recouped = Math.min(earned, terms.advance);
  const mgCovered = Math.max(earned, terms.advance);
  const mg = terms.minimumGuarantee;
  const mgProgressBp = mg <= 0 ? 10000 : Number((BigInt(Math.min(mgCovered, mg)) * 10000n) / BigInt(mg));
  return {
    earned,
    recouped,
    advanceRemaining: terms.advance - recouped,
    payable,
    mgCovered,
    mgProgressBp,
    mgRemaining: Math.max(0, mg - mgCovered),
  };
}
