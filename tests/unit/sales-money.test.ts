/**
 * Amounts of a royalty file in minor units: the quick path for amounts under 10^15 minor units
 * gives exactly what the BigInt path gives, and the refusals stay the same.
 */
import { describe, expect, it } from 'vitest';
import { currencyDecimals, toCount, toMinorUnits } from '@/lib/server/sales/money';

describe('toMinorUnits', () => {
  it('reads major units as integer minor units, without floating point', () => {
    expect(toMinorUnits('1,234.50', 2)).toEqual({ ok: true, value: 123450 });
    expect(toMinorUnits('0.1', 2)).toEqual({ ok: true, value: 10 });
    expect(toMinorUnits('007', 0)).toEqual({ ok: true, value: 7 });
    expect(toMinorUnits('1.230', 3)).toEqual({ ok: true, value: 1230 });
    expect(toMinorUnits(0.3, 2)).toEqual({ ok: true, value: 30 });
    expect(toMinorUnits('999999999999999', 0)).toEqual({ ok: true, value: 999_999_999_999_999 });
  });

  it('reads plain digits (the quick path of a large file) as the general way reads them', () => {
    for (const [digits, decimals] of [
      ['0', 0],
      ['007', 2],
      ['123456789012345', 0],
      ['12345678901234', 1],
      ['1234567890123', 3],
      ['1234567890123456', 0],
    ] as const) {
      // A leading space takes the general way (trim, then the pattern).
      expect(toMinorUnits(digits, decimals), digits).toEqual(toMinorUnits(` ${digits}`, decimals));
    }
    expect(toMinorUnits('12345678901234', 2)).toEqual({ ok: true, value: 1_234_567_890_123_400 });
  });

  it('takes the BigInt path past 15 digits and still refuses what is too large', () => {
    expect(toMinorUnits('9007199254740991', 0)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
    expect(toMinorUnits('90071992547409.91', 2)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
    expect(toMinorUnits('9007199254740992', 0)).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('refuses more decimals than the currency has, and what is no amount', () => {
    expect(toMinorUnits('1.5', 0)).toEqual({ ok: false, problem: 'decimals' });
    expect(toMinorUnits('1.005', 2)).toEqual({ ok: false, problem: 'decimals' });
    expect(toMinorUnits('-1', 2)).toEqual({ ok: false, problem: 'format' });
    expect(toMinorUnits('abc', 2)).toEqual({ ok: false, problem: 'format' });
    expect(toCount('2.5')).toEqual({ ok: false, problem: 'format' });
  });

  it('knows each currency decimals, asked once or many times', () => {
    expect([currencyDecimals('JPY'), currencyDecimals('USD'), currencyDecimals('BHD'), currencyDecimals('JPY')]).toEqual([
      0, 2, 3, 0,
    ]);
    expect(currencyDecimals('NOT-A-CURRENCY')).toBe(2);
  });
});
