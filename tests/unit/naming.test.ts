import { describe, expect, it } from 'vitest';
import { entryInWords } from '@/lib/server/naming/access-entry';
import { cut, formatDay, formatMoney, formatPeriod, formatTime, personName } from '@/lib/server/naming/format';
import { NAMED_KINDS } from '@/lib/server/naming/kinds';
import { nameRecord } from '@/lib/server/naming/name-record';

describe('dates, money and people per language', () => {
  it('writes a moment in Japan time on jp and in UTC, stated, on en', () => {
    const at = new Date('2026-03-31T16:05:00Z');
    expect(formatTime(at, 'jp')).toBe('2026年4月1日 01:05');
    expect(formatTime(at, 'en')).toBe('31 Mar 2026, 16:05 UTC');
  });

  it('keeps a calendar day the same day in either language', () => {
    expect(formatDay('2026-04-01T00:00:00.000Z', 'jp')).toBe('2026年4月1日');
    expect(formatDay('2026-04-01T00:00:00.000Z', 'en')).toBe('1 Apr 2026');
    expect(formatDay(null, 'jp')).toBe('');
  });

  it('names a whole month as such and any other period by its two days', () => {
    expect(formatPeriod('2026-04-01T00:00:00Z', '2026-04-30T00:00:00Z', 'jp')).toBe('2026年4月分');
    expect(formatPeriod('2026-04-01T00:00:00Z', '2026-04-30T00:00:00Z', 'en')).toBe('April 2026');
    expect(formatPeriod('2026-02-01T00:00:00Z', '2026-02-28T00:00:00Z', 'en')).toBe('February 2026');
    expect(formatPeriod('2026-04-01T00:00:00Z', '2026-06-30T00:00:00Z', 'jp')).toBe('2026年4月1日〜2026年6月30日');
    expect(formatPeriod('2026-04-01T00:00:00Z', '2026-06-30T00:00:00Z', 'en')).toBe('1 Apr 2026 – 30 Jun 2026');
  });

  it('formats minor units in their currency for each language', () => {
    expect(formatMoney(123456, 'JPY', 'jp')).toBe('￥123,456');
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney('x', 'JPY', 'en')).toBe('');
  });

  it('puts the family name first on jp and never shows an account key', () => {
    const person = { first_name: 'Hanako', last_name: 'Yamada', nickname: 'hana', email: 'h@example.com' };
    expect(personName(person, 'jp')).toBe('Yamada Hanako');
    expect(personName(person, 'en')).toBe('Hanako Yamada');
    expect(personName({ nickname: 'hana' }, 'en')).toBe('hana');
    expect(personName({ email: 'h@example.com' }, 'jp')).toBe('h@example.com');
    expect(personName(undefined, 'jp')).toBe('（削除されたアカウント）');
    expect(personName({}, 'en')).toBe('(deleted account)');
  });

  it('cuts long names at 60 characters', () => {
    expect(cut('a'.repeat(61))).toBe(`${'a'.repeat(60)} ...`);
    expect(cut('short')).toBe('short');
  });
});

describe('nameRecord', () => {
  it('names a license by reference, IP and organisation, and a contract with its revision', () => {
    const facts = { reference: 'LIC-2026-0042', ip: 'ポテトヒーロー', licensee: 'カルビー商事' };
    expect(nameRecord({ kind: 'license', ...facts }, 'jp')).toMatchObject({
      noun: 'ライセンス',
      reference: 'LIC-2026-0042',
      title: 'ポテトヒーロー',
      counterparty: 'カルビー商事',
      label: 'LIC-2026-0042 ポテトヒーロー / カルビー商事',
    });
    expect(nameRecord({ kind: 'contract', ...facts, revision: 2 }, 'jp').label).toBe(
      'LIC-2026-0042 ポテトヒーロー / カルビー商事・第2版',
    );
    expect(nameRecord({ kind: 'contract', ...facts, revision: 2 }, 'en').label).toBe(
      'LIC-2026-0042 ポテトヒーロー / カルビー商事, revision 2',
    );
  });

  it('names reports and invoices by period, organisation and amount', () => {
    const invoice = nameRecord(
      {
        kind: 'invoice',
        reference: 'INV-2026-0003',
        licensee: 'Snack Co.',
        periodStart: '2026-04-01T00:00:00Z',
        periodEnd: '2026-04-30T00:00:00Z',
        amount: 11000,
        currency: 'JPY',
      },
      'en',
    );
    expect(invoice.label).toBe('INV-2026-0003 April 2026 / Snack Co., ¥11,000');
  });

  it('names a permit by its IP and the designer who asked, as a person in the reader\u2019s order', () => {
    const usage = {
      kind: 'usage' as const,
      reference: 'USE-2026-0001',
      ip: 'Crisps',
      designer: { first_name: 'Hanako', last_name: 'Yamada' },
    };
    expect(nameRecord(usage, 'jp').label).toBe('USE-2026-0001 Crisps / Yamada Hanako');
    expect(nameRecord(usage, 'en').label).toBe('USE-2026-0001 Crisps / Hanako Yamada');
  });

  it('falls back to the kind when nothing else is known, for every kind', () => {
    for (const kind of NAMED_KINDS) {
      expect(nameRecord({ kind }, 'jp').label.length).toBeGreaterThan(0);
      expect(nameRecord({ kind }, 'en').label).toBe(nameRecord({ kind }, 'en').noun);
    }
  });
});

describe('access entries in words', () => {
  const names = {
    client: 'calbee',
    product: 'ipl',
    organisation: (key: string) => (key === 'org1' ? 'カルビー商事' : undefined),
  };
  it('names roles and the organisation a role is held in', () => {
    expect(entryInWords('calbee:admin', names, 'jp')).toBe('管理者');
    expect(entryInWords('calbee:ipl', names, 'en')).toBe('ipl staff');
    expect(entryInWords('woollet:admin', names, 'en')).toBe('Woollet administrator');
    expect(entryInWords('calbee:staff:licensee:org1', names, 'jp')).toBe('カルビー商事 のスタッフ');
    expect(entryInWords('calbee:staff:licensee:org1', names, 'en')).toBe('staff of カルビー商事');
    expect(entryInWords('calbee:owner:licensee:gone', names, 'en')).toBe('owner of (deleted organisation)');
    expect(entryInWords('other:viewer', names, 'en')).toBe('other: viewer');
  });
});
