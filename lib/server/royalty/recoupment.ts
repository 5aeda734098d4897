/**
 * What a license's royalties of one period make payable, in integer minor units.
 *
 * The advance is paid up front and recouped first: royalties earned until it is used up are not
 * paid again. The minimum guarantee (MG) is the least the holder receives over the term; the
 * advance counts towards it, and any shortfall is due with the final period of the term.
 */
export interface RecoupmentInput {
  advance: number;
  minimumGuarantee: number;
  /** Royalties earned by the license in earlier periods. */
  earnedBefore: number;
  /** Royalties earned in this period. */
  earnedNow: number;
  /** This period closes the term: the MG shortfall, if any, becomes due. */
  finalPeriod: boolean;
}

export interface Recoupment {
  earnedNow: number;
  /** The part of this period's royalties that the advance already covered. */
  recoupedNow: number;
  /** Advance still to be recouped after this period. */
  advanceRemaining: number;
  /** Royalties payable for this period after recoupment. */
  payable: number;
  /** MG true-up due with this period (0 unless finalPeriod). */
  mgShortfall: number;
  /** payable + mgShortfall. */
  due: number;
  /** Royalties earned over the term so far, this period included. */
  earnedToDate: number;
}

function assertMinorUnits(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative safe integer`);
}

export function recoup(input: RecoupmentInput): Recoupment {
  const { advance, minimumGuarantee, earnedBefore, earnedNow, finalPeriod } = input;
  assertMinorUnits('advance', advance);
  assertMinorUnits('minimumGuarantee', minimumGuarantee);
  assertMinorUnits('earnedBefore', earnedBefore);
  assertMinorUnits('earnedNow', earnedNow);
  const earnedToDate = earnedBefore + earnedNow;
  const payableBefore = Math.max(0, earnedBefore - advance);
  const payableToDate = Math.max(0, earnedToDate - advance);
  const payable = payableToDate - payableBefore;
  const recoupedNow = earnedNow - payable;
  const advanceRemaining = Math.max(0, advance - earnedToDate);
  // Over the term the holder has received the advance plus everything payable: max(earned, advance).
  const mgShortfall = finalPeriod ? Math.max(0, minimumGuarantee - Math.max(earnedToDate, advance)) : 0;
  return { earnedNow, recoupedNow, advanceRemaining, payable, mgShortfall, due: payable + mgShortfall, earnedToDate };
}

export interface BilledRecoupmentInput extends RecoupmentInput {
  /** Royalties already billed as payable for the license by invoices not rejected. */
  billedPayable: number;
  /** MG shortfall already billed for the license by an invoice not rejected (0 if none). */
  billedShortfall: number;
}

export interface BilledRecoupment extends Recoupment {
  /**
   * The part of this period's royalties that an MG shortfall already billed paid for: reported
   * late for a term whose shortfall was billed, they reduce what the shortfall stood in for
   * instead of being billed a second time.
   */
  shortfallNetted: number;
}

/**
 * recoup() measured against what was already billed, so a license is never billed twice for the
 * same money, whatever order its periods are reported and invoiced in.
 *
 * Over the term the holder is owed max(royalties earned, advance) — and at least the MG once its
 * shortfall has been billed; it has been billed the advance, the royalties payable so far and any
 * shortfall. This period is billed what the royalties earned to date make owed beyond both what
 * was billed and what the earlier royalties already made owed by themselves (the latter bills the
 * earlier periods still to invoice, as the bill prices them). So a late report in a term whose shortfall
 * was billed bills only what takes the royalties past the MG; the rest is netted against the
 * shortfall.
 */
export function recoupBilled(input: BilledRecoupmentInput): BilledRecoupment {
  const { advance, minimumGuarantee, earnedBefore, earnedNow, finalPeriod, billedPayable, billedShortfall } = input;
  assertMinorUnits('billedPayable', billedPayable);
  assertMinorUnits('billedShortfall', billedShortfall);
  const base = recoup({ advance, minimumGuarantee, earnedBefore, earnedNow, finalPeriod: finalPeriod && billedShortfall === 0 });
  const earnedToDate = base.earnedToDate;
  const floor = billedShortfall > 0 ? Math.max(advance, minimumGuarantee) : advance;
  const billed = advance + billedPayable + billedShortfall;
  // What the earlier royalties make owed on their own: the MG floor is not theirs to claim — a
  // shortfall billed while earlier periods were still to invoice counted their royalties, and
  // leaves those periods their own payable.
  const owedBefore = Math.max(earnedBefore, advance);
  const owedAfter = Math.max(earnedToDate, floor);
  const payable = Math.max(0, owedAfter - Math.max(billed, owedBefore));
  const shortfallNetted =
    billedShortfall > 0 ? Math.max(0, Math.min(earnedToDate, minimumGuarantee) - Math.max(earnedBefore, advance)) : 0;
  return {
    ...base,
    payable,
    recoupedNow: earnedNow - payable,
    due: payable + base.mgShortfall,
    shortfallNetted: Math.min(shortfallNetted, earnedNow - payable),
  };
}
