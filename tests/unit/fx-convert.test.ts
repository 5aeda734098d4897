import { describe, expect, it } from 'vitest';
import { monthOf, toJpy } from '@/lib/server/fx/convert';

describe('toJpy', () => {
  it('converts minor units at a six-decimal rate, rounding half away from zero', () => {
    // $123.45 at ¥151.25 = ¥18,671.8125 → ¥18,672
    expect(toJpy(12_345, 'USD', 151_250_000)).toBe(18_672);
    // €0.01 at ¥160.5 = ¥1.605 → ¥2
    expect(toJpy(1, 'EUR', 160_500_000)).toBe(2);
    // exactly half a yen rounds up: $0.01 at ¥50 = ¥0.5
    expect(toJpy(1, 'USD', 50_000_000)).toBe(1);
    expect(toJpy(-1, 'USD', 50_000_000)).toBe(-1);
    // KRW has no decimals: ₩1,000 at ¥0.1093 = ¥109.3
    expect(toJpy(1000, 'KRW', 109_300)).toBe(109);
  });
  it('leaves yen alone and refuses a rate that is not positive', () => {
    expect(toJpy(500, 'JPY', 1)).toBe(500);
    expect(() => toJpy(1, 'USD', 0)).toThrow(RangeError);
  });
  it('stays exact for large amounts', () => {
    expect(toJpy(900_000_000_000, 'USD', 151_123_457)).toBe(1_360_111_113_000);
  });
  it('names the month a period is converted at', () => {
    expect(monthOf('2026-10-01T00:00:00.000Z')).toBe('2026-10');
    expect(monthOf(new Date('2026-09-30T00:00:00Z'))).toBe('2026-09');
  });
});
