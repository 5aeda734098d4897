/**
 * Reference formats (pure): `LIC-{YYYY}-{seq:4}` → `LIC-2026-0042`. A format is literal text of
 * capital letters, digits and `-_./`, with exactly one `{seq}` or `{seq:N}` and at most one year.
 */
import { dateTimeFormat } from '../../format/intl-cache';

/** References are dated in the holder's time: a record made on 1 January 09:00 in Tokyo is of the new year. */
export const REFERENCE_TIME_ZONE = 'Asia/Tokyo';

export const MAX_REFERENCE_LENGTH = 32;

type Token = { kind: 'text'; text: string } | { kind: 'year'; digits: 2 | 4 } | { kind: 'seq'; width: number };

export interface ParsedFormat {
  tokens: Token[];
  yearly: boolean;
}

const TOKEN = /\{(YYYY|YY|seq(?::(\d))?)\}/g;
const LITERAL = /^[A-Z0-9\-_./]*$/;

/** The format's pieces, or a reason it cannot be used. */
export function parseReferenceFormat(format: string): ParsedFormat | { error: string } {
  if (format.length === 0 || format.length > 40) return { error: 'length' };
  const tokens: Token[] = [];
  let at = 0;
  for (const match of format.matchAll(TOKEN)) {
    const text = format.slice(at, match.index);
    if (!LITERAL.test(text)) return { error: 'characters' };
    if (text) tokens.push({ kind: 'text', text });
    const name = match[1]!;
    if (name === 'YYYY' || name === 'YY') tokens.push({ kind: 'year', digits: name === 'YYYY' ? 4 : 2 });
    else tokens.push({ kind: 'seq', width: Number(match[2] ?? 1) });
    at = match.index + match[0].length;
  }
  const rest = format.slice(at);
  if (!LITERAL.test(rest)) return { error: 'characters' };
  if (rest) tokens.push({ kind: 'text', text: rest });
  const seqs = tokens.filter((t) => t.kind === 'seq');
  const years = tokens.filter((t) => t.kind === 'year');
  if (seqs.length !== 1 || (seqs[0] as { width: number }).width < 1) return { error: 'seq' };
  if (years.length > 1) return { error: 'year' };
  // A reference must say what it is: some literal text besides the numbers.
  if (!tokens.some((t) => t.kind === 'text' && /[A-Z]/.test(t.text))) return { error: 'prefix' };
  return { tokens, yearly: years.length === 1 };
}

/** The calendar year of a moment in the holder's time zone. */
export function referenceYear(at: Date): number {
  return Number(dateTimeFormat('en-US', { timeZone: REFERENCE_TIME_ZONE, year: 'numeric' }).format(at));
}

/** The counter a reference is drawn from: one per year for a yearly format, one for all time otherwise. */
export function referencePeriod(format: ParsedFormat, at: Date): string {
  return format.yearly ? String(referenceYear(at)) : '';
}

export function renderReference(format: ParsedFormat, seq: number, at: Date): string {
  return format.tokens
    .map((token) => {
      switch (token.kind) {
        case 'text':
          return token.text;
        case 'year': {
          const year = String(referenceYear(at));
          return token.digits === 4 ? year : year.slice(-2);
        }
        case 'seq':
          return String(seq).padStart(token.width, '0');
      }
    })
    .join('');
}

/** The rendered text before and after the running number, and its width: the reference of a number drawn in SQL. */
export function referenceAround(format: ParsedFormat, at: Date): { before: string; width: number; after: string } {
  const seqAt = format.tokens.findIndex((t) => t.kind === 'seq');
  const seq = format.tokens[seqAt] as { kind: 'seq'; width: number };
  const part = (tokens: Token[]) => renderReference({ tokens, yearly: format.yearly }, 0, at);
  return { before: part(format.tokens.slice(0, seqAt)), width: seq.width, after: part(format.tokens.slice(seqAt + 1)) };
}

/**
 * A reference as a person typed or pasted it, in the stored form: full-width characters (a
 * Japanese input method) made half-width, dashes of every kind (including the long-vowel mark
 * typed for a hyphen) made `-`, spaces dropped, letters in capitals.
 */
export function normaliseReference(input: string): string {
  return input
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212\u30fc\uff70\u2043\ufe63]/g, '-')
    .replace(/\s+/g, '')
    .toUpperCase();
}

/** Whether text (after normalising) could be a reference: something to look up by reference, not by key. */
export function looksLikeReference(input: string): boolean {
  const value = normaliseReference(input);
  return (
    value.length >= 3 &&
    value.length <= MAX_REFERENCE_LENGTH &&
    /^[A-Z0-9][A-Z0-9\-_./]*$/.test(value) &&
    /\d/.test(value) &&
    /[-_./]/.test(value)
  );
}
