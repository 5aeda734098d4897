import { describe, it, expect } from 'vitest';
import { truncate, BREADCRUMB_MAX, IP_NAME_MAX } from '@/lib/format/truncate';
import { SECONDS_THRESHOLD, DATE_TIME_FORMAT, toMillis, toDate, formatDateTime, isoUtc, relativeTime } from '@/lib/format/time';

describe("SPEC §2/§9 titles cut: breadcrumb at 60 and IP names at 40, ending with ' ...'", () => {
  it('uses 60 for breadcrumbs and 40 for IP names', () => {
    expect(BREADCRUMB_MAX).toBe(60);
    expect(IP_NAME_MAX).toBe(40);
  });

  it('leaves text of at most max characters unchanged', () => {
    expect(truncate('', BREADCRUMB_MAX)).toBe('');
    expect(truncate('short', BREADCRUMB_MAX)).toBe('short');
    const sixty = 'a'.repeat(60);
    expect(truncate(sixty, BREADCRUMB_MAX)).toBe(sixty);
  });

  it('cuts breadcrumb titles at 60 characters and ends them with " ..."', () => {
    const text = 'b'.repeat(61);
    const out = truncate(text, BREADCRUMB_MAX);
    expect(out).toBe('b'.repeat(60) + ' ...');
    expect(out.endsWith(' ...')).toBe(true);
    expect(Array.from(out).length).toBe(64);
  });

  it('cuts IP names at 40 characters', () => {
    const name = 'Calbee Potato Chips Limited Edition Summer Collection';
    expect(truncate(name, IP_NAME_MAX)).toBe(name.slice(0, 40) + ' ...');
    expect(truncate('x'.repeat(40), IP_NAME_MAX)).toBe('x'.repeat(40));
    expect(truncate('x'.repeat(41), IP_NAME_MAX)).toBe('x'.repeat(40) + ' ...');
  });

  it('counts a multi-byte Japanese character as one', () => {
    const sixty = 'あ'.repeat(60); // 180 bytes in UTF-8, still 60 characters
    expect(truncate(sixty, BREADCRUMB_MAX)).toBe(sixty);
    expect(truncate('あ'.repeat(61), BREADCRUMB_MAX)).toBe('あ'.repeat(60) + ' ...');
    const title = 'ポテトチップス うすしお味 期間限定パッケージ デザイン提案 第二版 修正稿 最終確認用 資料一式 ライセンス契約書';
    const out = truncate(title, IP_NAME_MAX);
    expect(out).toBe(Array.from(title).slice(0, 40).join('') + ' ...');
  });

  it('counts a character outside the BMP (a surrogate pair) as one and never splits it', () => {
    const forty = '𠮷'.repeat(40); // .length is 80
    expect(forty.length).toBe(80);
    expect(truncate(forty, IP_NAME_MAX)).toBe(forty);
    const out = truncate('𠮷'.repeat(41), IP_NAME_MAX);
    expect(out).toBe(forty + ' ...');
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no lone high surrogate
  });

  it('accepts another marker', () => {
    expect(truncate('abcdef', 3, '…')).toBe('abc…');
    expect(truncate('abc', 3, '…')).toBe('abc');
  });

  it('treats a missing text as empty', () => {
    expect(truncate(undefined as unknown as string, 5)).toBe('');
    expect(truncate(null as unknown as string, 5)).toBe('');
  });
});

describe('SPEC §9 timestamps: seconds below 1.0e12, YYYY-MM-DD HH:mm:ss, relative time in Japanese', () => {
  // 2024-01-02 03:04:05.006 UTC
  const MS = Date.UTC(2024, 0, 2, 3, 4, 5, 6);
  const SEC = Math.floor(MS / 1000);

  it('runs with TZ=UTC (the config sets it)', () => {
    expect(process.env.TZ).toBe('UTC');
    expect(new Date(MS).getTimezoneOffset()).toBe(0);
  });

  describe('toMillis', () => {
    it('treats values below 1.0e12 as seconds', () => {
      expect(SECONDS_THRESHOLD).toBe(1.0e12);
      expect(toMillis(SEC)).toBe(SEC * 1000);
      expect(toMillis(0)).toBe(0);
      expect(toMillis(1)).toBe(1000);
      expect(toMillis(999_999_999_999)).toBe(999_999_999_999_000);
    });

    it('keeps values from 1.0e12 on as milliseconds', () => {
      expect(toMillis(1e12)).toBe(1e12);
      expect(toMillis(MS)).toBe(MS);
    });

    it('treats negative values by magnitude', () => {
      expect(toMillis(-1)).toBe(-1000);
      expect(toMillis(-2e12)).toBe(-2e12);
    });
  });

  describe('toDate', () => {
    it('accepts milliseconds, seconds, numeric strings, ISO strings and dates', () => {
      expect(toDate(MS)?.getTime()).toBe(MS);
      expect(toDate(SEC)?.getTime()).toBe(SEC * 1000);
      expect(toDate(String(SEC))?.getTime()).toBe(SEC * 1000);
      expect(toDate(` ${MS} `)?.getTime()).toBe(MS);
      expect(toDate('2024-01-02T03:04:05.006Z')?.getTime()).toBe(MS);
      expect(toDate('2024-01-02T12:04:05.006+09:00')?.getTime()).toBe(MS);
      const d = new Date(MS);
      expect(toDate(d)).toBe(d);
    });

    it.each([
      ['null', null],
      ['undefined', undefined],
      ['empty string', ''],
      ['blank string', '   '],
      ['text', 'yesterday-ish'],
      ['NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY],
      ['-Infinity', Number.NEGATIVE_INFINITY],
      ['invalid Date', new Date('nope')],
      ['object', {}],
      ['array', []],
      ['boolean', true],
      ['number beyond the Date range', 1e20],
      ['numeric string beyond the Date range', '1e20'],
    ])('returns null for %s', (_label, value) => {
      expect(toDate(value)).toBeNull();
    });
  });

  describe('formatDateTime', () => {
    it('uses YYYY-MM-DD HH:mm:ss', () => {
      expect(DATE_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    });

    it('formats milliseconds, seconds, strings and dates the same way in UTC', () => {
      const want = '2024-01-02 03:04:05';
      expect(formatDateTime(MS)).toBe(want);
      expect(formatDateTime(SEC)).toBe(want);
      expect(formatDateTime(String(SEC))).toBe(want);
      expect(formatDateTime(String(MS))).toBe(want);
      expect(formatDateTime('2024-01-02T03:04:05Z')).toBe(want);
      expect(formatDateTime('2024-01-02T12:04:05+09:00')).toBe(want);
      expect(formatDateTime(new Date(MS))).toBe(want);
    });

    it('pads every field with zeros', () => {
      expect(formatDateTime(Date.UTC(2005, 8, 7, 6, 5, 4))).toBe('2005-09-07 06:05:04');
      expect(formatDateTime(0)).toBe('1970-01-01 00:00:00');
    });

    it('a value just below 1.0e12 is seconds, 1.0e12 itself is milliseconds', () => {
      expect(formatDateTime(1e12)).toBe('2001-09-09 01:46:40');
      expect(formatDateTime(1_000_000_000)).toBe('2001-09-09 01:46:40');
    });

    it.each([null, undefined, '', 'garbage', Number.NaN, Number.POSITIVE_INFINITY, new Date('x'), {}, 1e20, '1e20'])(
      'falls back to n/a for %j',
      (value) => {
        expect(formatDateTime(value)).toBe('n/a');
      },
    );

    it('accepts another fallback', () => {
      expect(formatDateTime(null, '-')).toBe('-');
      expect(formatDateTime('bad', '')).toBe('');
    });
  });

  describe('isoUtc', () => {
    it('writes UTC with an explicit +00:00 offset', () => {
      expect(isoUtc(new Date(MS))).toBe('2024-01-02T03:04:05.006+00:00');
    });

    it('defaults to now and never ends with Z', () => {
      const before = Date.now();
      const out = isoUtc();
      const after = Date.now();
      expect(out).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
      expect(out.endsWith('+00:00')).toBe(true);
      expect(out).not.toContain('Z');
      const parsed = Date.parse(out);
      expect(parsed).toBeGreaterThanOrEqual(before);
      expect(parsed).toBeLessThanOrEqual(after);
    });

    it('round-trips through Date', () => {
      expect(new Date(isoUtc(new Date(MS))).getTime()).toBe(MS);
    });
  });

  describe('relativeTime', () => {
    const now = new Date(MS);
    const ago = (seconds: number) => MS - seconds * 1000;
    const MIN = 60;
    const HOUR = 3600;
    const DAY = 24 * HOUR;

    it('uses Japanese units for jp', () => {
      expect(relativeTime(ago(3 * HOUR), 'jp', now)).toBe('3時間前');
      expect(relativeTime(ago(10), 'jp', now)).toBe('10秒前');
      expect(relativeTime(ago(5 * MIN), 'jp', now)).toBe('5分前');
      expect(relativeTime(ago(2 * DAY), 'jp', now)).toBe('2日前');
      expect(relativeTime(ago(60 * DAY), 'jp', now)).toBe('2か月前');
      expect(relativeTime(ago(800 * DAY), 'jp', now)).toBe('2年前');
    });

    it('uses English units with plurals for en', () => {
      expect(relativeTime(ago(3 * HOUR), 'en', now)).toBe('3 hours ago');
      expect(relativeTime(ago(HOUR), 'en', now)).toBe('1 hour ago');
      expect(relativeTime(ago(MIN), 'en', now)).toBe('1 minute ago');
      expect(relativeTime(ago(45), 'en', now)).toBe('45 seconds ago');
      expect(relativeTime(ago(DAY), 'en', now)).toBe('1 day ago');
      expect(relativeTime(ago(30 * DAY), 'en', now)).toBe('1 month ago');
      expect(relativeTime(ago(365 * DAY), 'en', now)).toBe('1 year ago');
      expect(relativeTime(ago(3 * 365 * DAY), 'en', now)).toBe('3 years ago');
    });

    it('describes future times', () => {
      expect(relativeTime(ago(-3 * HOUR), 'jp', now)).toBe('3時間後');
      expect(relativeTime(ago(-2 * DAY), 'en', now)).toBe('in 2 days');
      expect(relativeTime(ago(-MIN), 'en', now)).toBe('in 1 minute');
    });

    it('says just now within 5 seconds either way', () => {
      for (const s of [0, 1, 4, -4]) {
        expect(relativeTime(ago(s), 'jp', now)).toBe('たった今');
        expect(relativeTime(ago(s), 'en', now)).toBe('just now');
      }
      expect(relativeTime(ago(5), 'jp', now)).toBe('5秒前');
    });

    it('switches units at the boundaries and rounds down', () => {
      expect(relativeTime(ago(59), 'jp', now)).toBe('59秒前');
      expect(relativeTime(ago(60), 'jp', now)).toBe('1分前');
      expect(relativeTime(ago(HOUR - 1), 'jp', now)).toBe('59分前');
      expect(relativeTime(ago(HOUR), 'jp', now)).toBe('1時間前');
      expect(relativeTime(ago(DAY - 1), 'jp', now)).toBe('23時間前');
      expect(relativeTime(ago(DAY), 'jp', now)).toBe('1日前');
      expect(relativeTime(ago(29 * DAY), 'jp', now)).toBe('29日前');
      expect(relativeTime(ago(30 * DAY), 'jp', now)).toBe('1か月前');
      expect(relativeTime(ago(364 * DAY), 'jp', now)).toBe('12か月前');
      expect(relativeTime(ago(365 * DAY), 'jp', now)).toBe('1年前');
    });

    it('accepts seconds, ISO strings and dates', () => {
      expect(relativeTime(Math.floor(MS / 1000) - 3 * HOUR, 'jp', now)).toBe('3時間前');
      expect(relativeTime(new Date(ago(3 * HOUR)).toISOString(), 'en', now)).toBe('3 hours ago');
      expect(relativeTime(new Date(ago(3 * HOUR)), 'jp', now)).toBe('3時間前');
    });

    it('returns n/a for a value that is not a time', () => {
      for (const value of [null, undefined, '', 'x', Number.NaN, new Date('x'), 1e20]) {
        expect(relativeTime(value, 'jp', now)).toBe('n/a');
        expect(relativeTime(value, 'en', now)).toBe('n/a');
      }
    });

    it('defaults now to the current time', () => {
      expect(relativeTime(Date.now() - 3 * HOUR * 1000 - 1000, 'jp')).toBe('3時間前');
    });
  });
});
