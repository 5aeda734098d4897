import type { Db } from '../db/client';
import { toJpy, monthOf } from './convert';
import { rateKey, ratesFor } from './rates';

/** An amount as the holder reads it in yen: converted at the month's recorded rate, or not at all. */
export interface JpyView {
  /** Whole yen; null when no rate is recorded for the currency and month. */
  amount: number | null;
  /** JPY per unit in millionths; null for JPY itself (no conversion) and for a missing rate. */
  rate_micro: number | null;
  /** The month whose rate applies (`YYYY-MM`). */
  month: string;
}

export interface JpyTotal {
  /** Sum in yen of every amount that could be converted. */
  amount: number;
  /** False when some amount has no recorded rate: the sum then leaves those out. */
  complete: boolean;
  missing: { currency: string; month: string }[];
}

/**
 * Each entry's `total` (minor units of its currency, for the period starting `period_start`)
 * with its JPY view, and the JPY sum; a currency without a recorded rate is named as missing,
 * never converted 1:1.
 */
export async function convertEntries<T extends { currency: string; period_start: string | Date; total: number }>(
  db: Db,
  entries: T[],
): Promise<{ entries: (T & { jpy: JpyView })[]; total: JpyTotal }> {
  const rates = await ratesFor(
    db,
    entries.map((e) => ({ currency: e.currency, month: monthOf(e.period_start) })),
  );
  const missing = new Map<string, { currency: string; month: string }>();
  let amount = 0;
  const out = entries.map((e) => {
    const month = monthOf(e.period_start);
    if (e.currency === 'JPY') {
      amount += e.total;
      return { ...e, jpy: { amount: e.total, rate_micro: null, month } };
    }
    const rate = rates.get(rateKey(e.currency, month));
    if (rate === undefined) {
      missing.set(rateKey(e.currency, month), { currency: e.currency, month });
      return { ...e, jpy: { amount: null, rate_micro: null, month } };
    }
    const yen = toJpy(e.total, e.currency, rate);
    amount += yen;
    return { ...e, jpy: { amount: yen, rate_micro: rate, month } };
  });
  return { entries: out, total: { amount, complete: missing.size === 0, missing: [...missing.values()] } };
}
