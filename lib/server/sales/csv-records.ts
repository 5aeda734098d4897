import { finished, Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';

/**
 * How a royalty CSV is read: UTF-8 (a BOM dropped), cells trimmed, blank lines skipped, rows of
 * any length. csv-parse with these options is the reference for every record this file yields.
 */
export const CSV_OPTIONS = { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true } as const;

/** A file's bytes: all of them, or as they arrive (an upload streamed to the parser). */
export type CsvSource = Buffer | AsyncIterable<Buffer>;

/**
 * What an object-mode stream holds ready, as one array a turn: one await per chunk of input rather
 * than one per record, which a million-row file otherwise pays for a million times. Ends when the
 * stream ends; throws what the stream failed with (a premature close included).
 */
export async function* readyBatches<T>(stream: Readable): AsyncGenerator<T[]> {
  let ended = false;
  let failure: Error | undefined;
  let wake = () => {};
  const stop = finished(stream, (err) => {
    ended = true;
    failure = err ?? undefined;
    wake();
  });
  const onReadable = () => wake();
  stream.on('readable', onReadable);
  try {
    for (;;) {
      const batch: T[] = [];
      for (let item = stream.read() as T | null; item !== null; item = stream.read() as T | null) batch.push(item);
      if (batch.length) {
        yield batch;
        continue;
      }
      if (failure) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stop();
    stream.off('readable', onReadable);
  }
}

/** csv-parse's stream parser over a source, its records as many at a time as it has parsed. */
async function* csvParseBatches(content: CsvSource, options: Options): AsyncGenerator<string[][]> {
  const input = Readable.from(Buffer.isBuffer(content) ? [content] : content);
  const parser = parse(options);
  // pipe() does not carry an error of its source on: an upload cut short would leave the parser
  // waiting for bytes that never come.
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  try {
    yield* readyBatches<string[]>(parser);
  } finally {
    parser.destroy();
    input.destroy();
  }
}

/**
 * A csv-parse error of a parser that started `lines` line breaks into the file, told with the line
 * numbers a parser of the whole file would have given (csv-parse counts every CR and LF byte).
 */
function shiftedLines(err: unknown, lines: number): unknown {
  const e = err as { lines?: unknown; message?: unknown };
  if (!lines || typeof e.lines !== 'number' || typeof e.message !== 'string') return err;
  const first = e.lines;
  e.lines = first + lines;
  (err as Error).message = e.message.replace(/\b(at|on) line (\d+)/g, (whole, word: string, n: string) =>
    Number(n) === first ? `${word} line ${first + lines}` : whole,
  );
  return err;
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
/** Bytes looked at in one turn, so a file handed over whole is still read in batches. */
const WINDOW = 1 << 20;

type Delimiter = '\n' | '\r\n' | '\r';

function count(text: string, c: string): number {
  let n = 0;
  for (let at = text.indexOf(c); at !== -1; at = text.indexOf(c, at + 1)) n += 1;
  return n;
}

/**
 * The lines csv-parse counts in `lines` lines, each ended by the delimiter (`text` is them joined
 * by it): one for each CR and each LF, whether it ends a record or not, but one only for a CRLF
 * that ends a record.
 */
function breaksIn(text: string, lines: number, delimiter: Delimiter): number {
  if (!lines) return 0;
  if (delimiter === '\n') return lines + (text.includes('\r') ? count(text, '\r') : 0);
  if (delimiter === '\r') return lines + (text.includes('\n') ? count(text, '\n') : 0);
  return count(text, '\r') + count(text, '\n') - (lines - 1) + 1;
}

function trimmed(cell: string): string {
  if (cell === '') return cell;
  const first = cell.charCodeAt(0);
  const last = cell.charCodeAt(cell.length - 1);
  // Printable ASCII at both ends (almost every cell): nothing to trim.
  if (first > 32 && first < 127 && last > 32 && last < 127) return cell;
  return cell.trim();
}

/**
 * One line without quotes as csv-parse reads it with CSV_OPTIONS: cells split at commas and
 * trimmed of the white space JavaScript trims (csv-parse trims the same list); null for a line of
 * white space only, which csv-parse skips as empty.
 */
function recordOf(line: string): string[] | null {
  const cells = line.split(',');
  if (cells.length === 1) {
    const cell = trimmed(line);
    return cell === '' ? null : [cell];
  }
  for (let i = 0; i < cells.length; i++) cells[i] = trimmed(cells[i]!);
  return cells;
}

async function* oneChunk(content: Buffer): AsyncGenerator<Buffer> {
  yield content;
}

/**
 * The records of a CSV (header first) exactly as csv-parse with CSV_OPTIONS gives them, a batch
 * per chunk read, at a fraction of its cost for the common file: while the text has no quote
 * character a record is its line split at commas, each cell trimmed as csv-parse trims. From the
 * record holding the first quote (or a line that might pass `maxRecordBytes`, or a UTF-16 file) on,
 * the rest of the file goes to csv-parse itself, told which line break the file uses, and its
 * errors name the lines of the whole file. Why our own: the fast streaming CSV libraries measured
 * on this file shape either cost about as much (csv-parser) or mis-read ragged rows and stray
 * quotes without an error (udsv); see bench/results/royalty-import.md. tests/unit/csv-records
 * checks it against csv-parse on random files cut at every place.
 */
export async function* csvRecords(content: CsvSource, maxRecordBytes: number): AsyncGenerator<string[][]> {
  const chunks = Buffer.isBuffer(content) ? oneChunk(content) : content[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  let bomChecked = false;
  let delimiter: Delimiter | null = null;
  // The lines csv-parse would have counted in what was read so far.
  let lines = 0;
  let handedOver = false;

  // A UTF-8 line takes at most three bytes per UTF-16 unit (an undecodable byte comes back as one
  // three-byte U+FFFD): below that a record cannot reach csv-parse's size limit.
  const tooLong = (line: string) => line.length * 3 > maxRecordBytes && Buffer.byteLength(line) > maxRecordBytes;

  /** The records of the complete lines in `pending`, and whether csv-parse must go on from what is left of it. */
  function step(end: boolean): { records: string[][]; handOver: boolean } {
    const records: string[][] = [];
    const wait = { records, handOver: false };
    const over = { records, handOver: true };
    if (!bomChecked) {
      if (pending.length < 3 && !end) return wait;
      if (pending.length >= 3) {
        // A UTF-16 file: csv-parse reads it from its start, in its own encoding.
        if (pending[0] === 0xff && pending[1] === 0xfe) return over;
        if (pending[0] === 0xef && pending[1] === 0xbb && pending[2] === 0xbf) pending = pending.subarray(3);
      }
      bomChecked = true;
    }
    const quote = pending.indexOf(QUOTE);
    const limit = quote === -1 ? pending.length : quote;
    if (!delimiter) {
      // csv-parse takes the first line break of the file for the delimiter of all its records.
      const lf = pending.indexOf(LF);
      const cr = pending.indexOf(CR);
      const at = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (at !== -1 && at < limit) {
        if (pending[at] === LF) delimiter = '\n';
        else if (at + 1 < pending.length) delimiter = pending[at + 1] === LF ? '\r\n' : '\r';
        else if (end) delimiter = '\r';
        else return wait; // a CR as the last byte: the next one says which break this is
      }
    }
    if (delimiter) {
      const cut = limit >= delimiter.length ? pending.lastIndexOf(delimiter, limit - delimiter.length) : -1;
      if (cut !== -1) {
        const text = pending.toString('utf8', 0, cut);
        const all = text.split(delimiter);
        for (let i = 0; i < all.length; i++) {
          const line = all[i]!;
          if (tooLong(line)) {
            // csv-parse goes on from this line's first byte.
            let from = 0;
            for (let k = 0; k < i; k++) from = pending.indexOf(delimiter, from) + delimiter.length;
            lines += breaksIn(all.slice(0, i).join(delimiter), i, delimiter);
            pending = pending.subarray(from);
            return over;
          }
          const record = recordOf(line);
          if (record) records.push(record);
        }
        lines += breaksIn(text, all.length, delimiter);
        pending = pending.subarray(cut + delimiter.length);
      }
    }
    if (quote !== -1) return over;
    if (end) {
      // The last line, with no line break after it.
      if (pending.length) {
        const line = pending.toString('utf8');
        if (tooLong(line)) return over;
        const record = recordOf(line);
        if (record) records.push(record);
        pending = Buffer.alloc(0);
      }
      return wait;
    }
    // A record that may pass the size limit before its end comes: csv-parse decides what it is.
    return pending.length > maxRecordBytes ? over : wait;
  }

  /** The rest of the file to csv-parse: `head` (from the start of a record), then what the source still brings. */
  async function* handOver(head: Buffer): AsyncGenerator<string[][]> {
    handedOver = true;
    async function* rest(): AsyncGenerator<Buffer> {
      if (head.length) yield head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    }
    const options: Options = {
      ...CSV_OPTIONS,
      bom: !bomChecked,
      max_record_size: maxRecordBytes,
      ...(delimiter ? { record_delimiter: delimiter } : {}),
    };
    try {
      yield* csvParseBatches(rest(), options);
    } catch (err) {
      throw shiftedLines(err, lines);
    }
  }

  try {
    for (;;) {
      const next = await chunks.next();
      if (next.done) {
        const { records, handOver: over } = step(true);
        if (records.length) yield records;
        if (over) yield* handOver(pending);
        return;
      }
      const chunk = next.value;
      for (let at = 0; at < chunk.length; at += WINDOW) {
        const piece = chunk.subarray(at, at + WINDOW);
        pending = pending.length ? Buffer.concat([pending, piece]) : piece;
        const { records, handOver: over } = step(false);
        if (records.length) yield records;
        if (over) {
          yield* handOver(Buffer.concat([pending, chunk.subarray(at + WINDOW)]));
          return;
        }
      }
    }
  } finally {
    // A reader that stops early lets the source go (csv-parse's stream does so once handed over).
    if (!handedOver) await chunks.return?.();
  }
}
