import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '@/lib/format/intl-cache';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same locale and options, and another for others', () => {
    const a = dateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' });
    expect(dateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' })).toBe(a);
    expect(dateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric' })).not.toBe(a);
    expect(a.format(new Date('2026-12-31T15:30:00Z'))).toBe('2027');
    const yen = numberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
    expect(numberFormat('ja-JP', { style: 'currency', currency: 'JPY' })).toBe(yen);
    expect(numberFormat('ja-JP', { style: 'currency', currency: 'USD' })).not.toBe(yen);
    expect(numberFormat('en-US').format(1234.5)).toBe('1,234.5');
  });
});
