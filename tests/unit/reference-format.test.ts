import { describe, expect, it } from 'vitest';
import { referenceFormatOf } from '@/lib/server/refs/allocate';
import {
  looksLikeReference,
  normaliseReference,
  parseReferenceFormat,
  referenceAround,
  referencePeriod,
  referenceYear,
  renderReference,
  type ParsedFormat,
} from '@/lib/server/refs/format';
import { DEFAULT_REFERENCE_FORMATS, REFERENCE_KINDS } from '@/lib/server/refs/kinds';

const parsed = (format: string) => parseReferenceFormat(format) as ParsedFormat;

describe('reference formats', () => {
  it('renders the default license format with the year and a padded number', () => {
    const at = new Date('2026-05-10T03:00:00Z');
    expect(renderReference(parsed('LIC-{YYYY}-{seq:4}'), 42, at)).toBe('LIC-2026-0042');
    expect(renderReference(parsed('LIC-{YYYY}-{seq:4}'), 12345, at)).toBe('LIC-2026-12345');
    expect(renderReference(parsed('L{YY}/{seq:3}'), 7, at)).toBe('L26/007');
    expect(renderReference(parsed('INV-{seq}'), 9, at)).toBe('INV-9');
  });

  it('dates a reference in Japan time: 1 January 00:30 in Tokyo is already the new year', () => {
    const newYearInTokyo = new Date('2026-12-31T15:30:00Z');
    expect(referenceYear(newYearInTokyo)).toBe(2027);
    expect(renderReference(parsed('LIC-{YYYY}-{seq:4}'), 1, newYearInTokyo)).toBe('LIC-2027-0001');
    expect(referencePeriod(parsed('LIC-{YYYY}-{seq:4}'), newYearInTokyo)).toBe('2027');
    expect(referencePeriod(parsed('LIC-{seq:4}'), newYearInTokyo)).toBe('');
  });

  it('refuses formats without exactly one number, with two years, lower case or other characters', () => {
    for (const bad of [
      'LIC-{YYYY}',
      'LIC-{seq}-{seq}',
      'LIC-{YYYY}-{YY}-{seq}',
      'lic-{seq}',
      'LIC {seq}',
      'LIC-{seq:0}',
      '{YYYY}-{seq}',
      '',
    ]) {
      expect(parseReferenceFormat(bad), bad).toHaveProperty('error');
    }
  });

  it('has a usable default for every kind, all different, and payment among them', () => {
    const formats = REFERENCE_KINDS.map((kind) => DEFAULT_REFERENCE_FORMATS[kind]);
    for (const format of formats) expect(parseReferenceFormat(format)).not.toHaveProperty('error');
    expect(new Set(formats.map((f) => f.split('-')[0])).size).toBe(formats.length);
    expect(REFERENCE_KINDS).toContain('payment');
  });

  it('reads the holder format from Holder.config as JSON or bare text, and falls back on a broken one', () => {
    const at = new Date('2026-02-01T00:00:00Z');
    expect(renderReference(referenceFormatOf({ 'reference.license': '"K-{seq:2}"' }, 'license'), 3, at)).toBe('K-03');
    expect(renderReference(referenceFormatOf({ 'reference.license': 'K{YY}-{seq:2}' }, 'license'), 3, at)).toBe('K26-03');
    expect(renderReference(referenceFormatOf({ 'reference.license': 'broken' }, 'license'), 3, at)).toBe('LIC-2026-0003');
    expect(renderReference(referenceFormatOf(undefined, 'invoice'), 3, at)).toBe('INV-2026-0003');
  });
});

describe('a reference rendered around a number drawn in SQL', () => {
  it('is the text before, the number padded to the width, and the text after: as renderReference writes it', () => {
    const at = new Date('2026-12-31T16:00:00Z');
    for (const format of ['LIC-{YYYY}-{seq:4}', 'P{YY}/{seq:5}', 'US-{seq:2}-{YYYY}', 'INV{seq}', '{seq:3}-ABC']) {
      const around = referenceAround(parsed(format), at);
      for (const n of [1, 42, 999, 123456]) {
        const padded = String(n).padStart(around.width, '0');
        expect(around.before + padded + around.after).toBe(renderReference(parsed(format), n, at));
      }
    }
    expect(referenceAround(parsed('US-{seq:2}-{YYYY}'), at)).toEqual({ before: 'US-', width: 2, after: '-2027' });
  });
});

describe('references as people type them', () => {
  it('normalises full-width characters, long-vowel marks and dashes, spaces and lower case', () => {
    expect(normaliseReference('ＬＩＣ－２０２６－００４２')).toBe('LIC-2026-0042');
    expect(normaliseReference('lic ー 2026 – 0042')).toBe('LIC-2026-0042');
    expect(normaliseReference(' LIC-2026-0042 ')).toBe('LIC-2026-0042');
  });

  it('tells a reference from a key and from a name', () => {
    expect(looksLikeReference('LIC-2026-0042')).toBe(true);
    expect(looksLikeReference('lic-2026-0042')).toBe(true);
    expect(looksLikeReference('a'.repeat(48))).toBe(false);
    expect(looksLikeReference('ポテト')).toBe(false);
  });
});
