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
