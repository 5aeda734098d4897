import { describe, expect, it } from 'vitest';
import { bpToPercent, formatMoney, formatRate, fromMinor, listOf, percentToBp, toMinor } from '@/lib/format/money';
import { formatCell } from '@/components/kit/table/format-cell';
import { csvField, toCsv } from '@/components/kit/table/csv';

describe('money in minor units, per currency', () => {
  it('formats yen without decimals and dollars with two, in each language', () => {
    expect(formatMoney(1200, 'JPY', 'jp')).toBe('￥1,200');
    expect(formatMoney(1200, 'JPY', 'en')).toBe('¥1,200');
    expect(formatMoney(1250, 'USD', 'en')).toBe('$12.50');
    expect(formatMoney(1250, 'USD', 'jp')).toBe('$12.50');
    expect(formatMoney(99, 'EUR', 'en')).toBe('€0.99');
    expect(formatMoney(undefined, 'JPY', 'en')).toBe('');
  });
  it('reads typed major units as minor units without float rounding, refusing extra decimals', () => {
    expect(toMinor('1,200', 'JPY')).toBe(1200);
    expect(toMinor('1200.5', 'JPY')).toBeUndefined();
    expect(toMinor('12.5', 'USD')).toBe(1250);
    expect(toMinor('0.29', 'USD')).toBe(29);
    expect(toMinor('１２．５', 'USD')).toBe(1250);
    expect(toMinor('12.345', 'USD')).toBeUndefined();
    expect(toMinor('', 'USD')).toBeNull();
    expect(toMinor('abc', 'USD')).toBeUndefined();
    expect(fromMinor(1250, 'USD')).toBe('12.50');
    expect(fromMinor(1200, 'JPY')).toBe('1200');
  });
  it('percentages are basis points with at most two decimals, up to 100 %', () => {
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('0.01')).toBe(1);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('100.01')).toBeUndefined();
    expect(percentToBp('1.234')).toBeUndefined();
    expect(percentToBp('')).toBeNull();
    expect(bpToPercent(1250)).toBe('12.5');
    expect(formatRate(1250, 'en')).toBe('12.5%');
  });
  it('lists split on commas, Japanese commas and new lines', () => {
    expect(listOf('online, retail、 online\nshop')).toEqual(['online', 'retail', 'shop']);
  });
});

describe('table cells and CSV', () => {
  it('one formatter for amounts, rates, dates and references', () => {
    expect(formatCell('amount', 1250, { lang: 'en', currency: 'USD' })).toBe('$12.50');
    expect(formatCell('rate', 500, { lang: 'jp' })).toBe('5%');
    expect(formatCell('date', '2026-04-01T00:00:00Z', { lang: 'jp' })).toBe('2026-04-01');
    expect(formatCell('reference', 'LIC-2026-0042', { lang: 'en' })).toBe('LIC-2026-0042');
    expect(formatCell('count', 12345, { lang: 'en' })).toBe('12,345');
    expect(formatCell('text', ['JP', 'US'], { lang: 'en' })).toBe('JP, US');
    expect(formatCell('amount', null, { lang: 'en' })).toBe('');
  });
  it('quotes CSV fields and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(toCsv(['名前', 'Amount'], [['株式会社', '¥1,200']])).toBe('\uFEFF名前,Amount\r\n株式会社,"¥1,200"\r\n');
  });
});
