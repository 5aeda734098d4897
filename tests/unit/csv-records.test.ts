/**
 * The royalty CSV reader (issue #20) gives exactly what csv-parse gives with the import's options:
 * the same records, or the same error with the same line number, whatever the file holds (quotes,
 * doubled quotes, quoted line breaks, CR, LF and CRLF mixed, a BOM, blank cells and lines, white
 * space, bytes that are no UTF-8) and wherever the upload's chunks happen to end.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_OPTIONS, csvRecords } from '@/lib/server/sales/csv-records';

type Outcome = { records: string[][] } | { error: { code: unknown; message: string; lines: unknown } };

function errorOf(err: unknown): Outcome {
  const e = err as { code?: unknown; message: string; lines?: unknown };
  return { error: { code: e.code, message: e.message, lines: e.lines } };
}

function reference(bytes: Buffer, max: number): Outcome {
  try {
    return { records: parse(bytes, { ...CSV_OPTIONS, max_record_size: max }) as string[][] };
  } catch (err) {
    return errorOf(err);
  }
}

/** The bytes cut at the given places, one chunk after another as an upload brings them. */
async function* chunked(bytes: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    yield bytes.subarray(from, cut);
    from = cut;
  }
  yield bytes.subarray(from);
}

async function ours(source: Buffer | AsyncIterable<Buffer>, max: number): Promise<Outcome> {
  const records: string[][] = [];
  try {
    for await (const batch of csvRecords(source, max)) records.push(...batch);
    return { records };
  } catch (err) {
    return errorOf(err);
  }
}

const piece = fc.constantFrom(
  'a',
  'Bc',
  'SKU-1',
  '12.50',
  '日本',
  'é',
  ',',
  ',',
  ',',
  '"',
  '""',
  '\n',
  '\n',
  '\r\n',
  '\r',
  ' ',
  '\t',
  '\u3000',
  '\u00a0',
  '\ufeff',
  '\u2028',
);
/** Any text of CSV's characters: well formed or not. */
const anyText = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));

/** Well-formed CSV: cells quoted or not, quoted ones holding commas, quotes and line breaks. */
const cell = fc.oneof(
  fc.array(fc.constantFrom('a', 'Z9', ' ', '\t', '日', '', '-', '.'), { maxLength: 4 }).map((p) => p.join('')),
  fc
    .tuple(
      fc.constantFrom('', ' '),
      fc.array(fc.constantFrom('x', ',', '""', '\n', '\r\n', '\r', ' ', '日'), { maxLength: 5 }),
      fc.constantFrom('', ' '),
    )
    .map(([before, p, after]) => `${before}"${p.join('')}"${after}`),
);
const lineBreak = fc.constantFrom('\n', '\r\n', '\r');
const wellFormed = fc
  .tuple(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 8 }), lineBreak, fc.boolean())
  .map(([rows, br, last]) => rows.map((r) => r.join(',')).join(br) + (last ? br : ''));
/** The import's common file: no quote anywhere, one kind of line break, ragged and blank lines. */
const plain = fc
  .tuple(
    fc.array(fc.array(fc.constantFrom('L-1', 'SKU 2', ' JP', '12 ', '', '\u3000x', '日本'), { maxLength: 6 }), {
      maxLength: 10,
    }),
    lineBreak,
    fc.boolean(),
  )
  .map(([rows, br, last]) => rows.map((r) => r.join(',')).join(br) + (last ? br : ''));

const file = fc
  .tuple(
    fc.oneof(anyText, wellFormed, plain),
    fc.constantFrom('', '\ufeff'),
    fc.array(fc.constantFrom(0xff, 0xe3, 0x81, 0xfe), { maxLength: 2 }),
    fc.nat(),
  )
  .map(([text, bom, junk, at]) => {
    const body = Buffer.from(bom + text, 'utf8');
    // Now and then bytes that are no UTF-8, somewhere in the file.
    const cut = body.length ? at % body.length : 0;
    return Buffer.concat([body.subarray(0, cut), Buffer.from(junk), body.subarray(cut)]);
  });

describe('csvRecords', () => {
  it('gives what csv-parse gives, records or error, however the file is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom(16, 40, 64 * 1024),
        async (bytes, cuts, max) => {
          const expected = reference(bytes, max);
          expect(await ours(chunked(bytes, cuts), max)).toEqual(expected);
          expect(await ours(bytes, max)).toEqual(expected);
        },
      ),
      { numRuns: 3000 },
    );
  }, 60_000);

  it('gives the same with the file cut at every byte, one chunk per byte and two chunks cut anywhere', async () => {
    const files = [
      '\ufefflicense,product,territory,units\r\nL-1 , SKU-1,JP,3\r\n\r\nL-2,SKU-2, \u3000TW,4\r\n',
      'license,product\nL-1,"SKU, ""big"" one"\nL-2,"two\r\nlines"\n L-3 ,x',
      'a,b\rc,d\r\ne,f\r"g\rh",i\r',
      'a,b\n1,2\n3,"4\n5,6\n',
      'a,b\r\n1,2\r\n3,x"y\r\n',
      '\ufeff"a",b\n1,2\n',
      'a,b\n1,2\n"3" x,4\n',
    ];
    for (const text of files) {
      const bytes = Buffer.from(text, 'utf8');
      for (const max of [12, 64 * 1024]) {
        const expected = reference(bytes, max);
        expect(await ours(chunked(bytes, [...bytes.keys()]), max)).toEqual(expected);
        for (let at = 0; at <= bytes.length; at++) {
          expect(await ours(chunked(bytes, [at]), max)).toEqual(expected);
        }
      }
    }
  });

  it('names the line of a bad quote far into a plain file as csv-parse does', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `L-${i % 5},SKU-${i % 20},JP,${i}`);
    rows[4321] = 'L-1,SKU-"1,JP,3';
    const bytes = Buffer.from(`license,product,territory,units\r\n${rows.join('\r\n')}\r\n`, 'utf8');
    const expected = reference(bytes, 64 * 1024);
    expect(expected).toMatchObject({ error: { code: 'INVALID_OPENING_QUOTE', lines: 4323 } });
    const cuts = Array.from({ length: 40 }, (_, i) => i * 4096 + 17);
    expect(await ours(chunked(bytes, cuts), 64 * 1024)).toEqual(expected);
  });

  it('refuses a record past the size limit as csv-parse does, and reads a long row of empty cells', async () => {
    const long = Buffer.from(`a,b\n1,${'x'.repeat(200)}\n`, 'utf8');
    expect(await ours(chunked(long, [3, 50, 120]), 100)).toEqual(reference(long, 100));
    expect(reference(long, 100)).toMatchObject({ error: { code: 'CSV_MAX_RECORD_SIZE' } });
    const commas = Buffer.from(`a,b\n${','.repeat(300)}\n1,2\n`, 'utf8');
    expect(await ours(chunked(commas, [7, 77]), 100)).toEqual(reference(commas, 100));
    expect(reference(commas, 100)).toMatchObject({ records: [['a', 'b'], expect.any(Array), ['1', '2']] });
  });
});
