import { currencyDecimals } from '../sales/money';

/** Rates are kept as JPY per one major unit in millionths (151.234567 → 151234567). */
export const RATE_SCALE = 1_000_000;
export const RATE_DECIMALS = 6;

/**
 * An amount in `currency`'s minor units converted to whole yen at `rateMicro`, rounded half away
 * from zero, in BigInt so a large amount times a six-decimal rate loses nothing.
 */
export function toJpy(minor: number, currency: string, rateMicro: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError('amount must be a safe integer');
  if (!Number.isSafeInteger(rateMicro) || rateMicro <= 0) throw new RangeError('rate must be a positive integer');
  if (currency === 'JPY') return minor;
  const divisor = 10n ** BigInt(currencyDecimals(currency)) * BigInt(RATE_SCALE);
  const product = BigInt(minor) * BigInt(rateMicro);
  const magnitude = ((product < 0n ? -product : product) * 2n + divisor) / (2n * divisor);
  return Number(product < 0n ? -magnitude : magnitude) + 0;
}

/** The month (`YYYY-MM`) a period is converted at: the month it starts in. */
export function monthOf(periodStart: Date | string): string {
  return (typeof periodStart === 'string' ? periodStart : periodStart.toISOString()).slice(0, 7);
}
