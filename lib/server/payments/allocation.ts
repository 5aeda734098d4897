/**
 * How an invoice's amount and the money received against it are split over its license lines, so
 * balances can be read per license as well as per licensee.
 *
 * The rule: each line carries the share of the invoice total that its amount due (before tax) is of
 * the subtotal — tax and withholding follow the royalties they are levied on — and the payments
 * received are split over the lines in proportion to those shares. Both splits use the largest
 * remainder method in the smallest currency unit (each line gets its share rounded down; the units
 * left over go one each to the lines with the largest fractions, ties to the larger line, then the
 * earlier one). So the lines always add up exactly to the invoice, and no line is ever shown as
 * paid beyond what it carries (a line's share of a payment never exceeds its share of the
 * invoice); a reversal simply leaves less received to split.
 */

/** `total` split over `weights` (non-negative) by largest remainder; sums exactly to `total`. */
export function splitByWeights(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  if (total < 0) return splitByWeights(-total, weights).map((v) => (v === 0 ? 0 : -v));
  const clean = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const sum = clean.reduce((s, w) => s + w, 0);
  // Lines with nothing due (or an invoice with no amounts per line): an even split.
  const basis = sum > 0 ? clean : clean.map(() => 1);
  const whole = sum > 0 ? sum : basis.length;
  // BigInt: total × weight can exceed 2^53 for large invoices.
  const shares = basis.map((w, index) => {
    const product = BigInt(total) * BigInt(w);
    const floor = product / BigInt(whole);
    return { index, weight: w, floor: Number(floor), remainder: product - floor * BigInt(whole) };
  });
  let left = total - shares.reduce((s, x) => s + x.floor, 0);
  const order = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? b.weight - a.weight || a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const out = shares.map((s) => s.floor);
  for (const s of order) {
    if (left <= 0) break;
    out[s.index]! += 1;
    left -= 1;
  }
  return out;
}

export interface AllocatedLine<L> {
  line: L;
  amount: number;
  paid: number;
  outstanding: number;
}

/**
 * An invoice's amount and the payments received on it (not reversed), per line. `due` is each
 * line's amount before tax (the breakdown's `due`).
 */
export function allocateInvoice<L extends { due: number }>(amount: number, paid: number, lines: L[]): AllocatedLine<L>[] {
  const amounts = splitByWeights(
    amount,
    lines.map((l) => l.due),
  );
  const received = splitByWeights(
    paid,
    amounts.map((a) => Math.abs(a)),
  );
  return lines.map((line, i) => ({ line, amount: amounts[i]!, paid: received[i]!, outstanding: amounts[i]! - received[i]! }));
}
