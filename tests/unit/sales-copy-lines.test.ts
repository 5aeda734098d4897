/**
 * What a streamed royalty import sends to COPY (issue #20): keys drawn in ascending runs are still
 * 48 characters of the key alphabet each, and a row's COPY line holds the values salesRowOf gives
 * the same checked row, column for column.
 */
import { describe, expect, it } from 'vitest';
import { KEY_LENGTH, newKey, sortedKeys } from '@/lib/server/keys';
import { royaltyOf } from '@/lib/server/royalty/royalty';
import { SalesCopyLines, SALES_COPY_COLUMNS } from '@/lib/server/sales/copy-lines';
import { salesRowOf } from '@/lib/server/sales/report';
import type { Checked } from '@/lib/server/sales/row-check';

describe('sortedKeys', () => {
  it('draws keys as newKey does, in ascending order, none repeated', () => {
    const keys = sortedKeys(5000);
    expect(keys).toHaveLength(5000);
    for (const key of keys) expect(key).toMatch(new RegExp(`^[A-Za-z0-9]{${KEY_LENGTH}}$`));
    for (let i = 1; i < keys.length; i++) expect(keys[i - 1]! < keys[i]!).toBe(true);
    // Each run is drawn afresh: two runs share no key, and no run starts where the last ended.
    const next = sortedKeys(5000);
    expect(new Set([...keys, ...next]).size).toBe(10_000);
    expect(newKey()).toHaveLength(KEY_LENGTH);
  });

  it('spreads keys over the whole alphabet (their first characters are not bunched)', () => {
    const firsts = new Set(sortedKeys(20_000).map((k) => k[0]));
    expect(firsts.size).toBe(62);
  });
});

describe('SalesCopyLines', () => {
  const license = {
    key: 'L'.repeat(48),
    licensee: 'O'.repeat(48),
    ip: 'I'.repeat(48),
    currency: 'USD',
    royalty_rate_bp: 1250,
  };
  const checked = (territory: string, net: number) =>
    ({
      license,
      product: { key: 'P'.repeat(48) },
      territory,
      units: 3,
      gross: net + 10,
      net,
    }) as unknown as Checked;
  const fixed = {
    start: new Date('2026-10-01T00:00:00Z'),
    end: new Date('2026-10-31T00:00:00Z'),
    report: 'R'.repeat(48),
    owner: 'someone',
  };

  it('writes the values salesRowOf gives, in SALES_COPY_COLUMNS order, escaped', () => {
    const lines = new SalesCopyLines(fixed);
    for (const c of [checked('JP', 12345), checked('Tab\there\\', 7)]) {
      const key = newKey();
      const royalty = royaltyOf(c.net, license.royalty_rate_bp);
      const line = lines.line(key, c, royalty);
      expect(line.endsWith('\n')).toBe(true);
      const cells = line.slice(0, -1).split('\t');
      expect(cells).toHaveLength(SALES_COPY_COLUMNS.length);
      const row = { ...salesRowOf(c, { key: fixed.report, start: fixed.start, end: fixed.end, owner: fixed.owner }), key };
      const byColumn = Object.fromEntries(SALES_COPY_COLUMNS.map((col, i) => [col, cells[i]]));
      for (const col of SALES_COPY_COLUMNS) {
        const value = row[col];
        const expected =
          value instanceof Date ? value.toISOString() : String(value).replace(/[\\\t]/g, (ch) => (ch === '\\' ? '\\\\' : '\\t'));
        expect(byColumn[col], col).toBe(expected);
      }
    }
    expect([...lines.licenses]).toEqual([license.key]);
  });
});
