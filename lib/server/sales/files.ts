import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from '../api/errors';
import { fieldError, type Bilingual } from '../common/field-error';
import type { Db } from '../db/client';
import { salesImportMappings } from '../db/entities-schema';
import { eq } from 'drizzle-orm';
import { cleanMapping, guessMapping, REQUIRED_FIELDS, ROW_FIELDS, type RawRow, type RowField } from './columns';
import { M } from './messages';
import { getConfig } from '../../config';
import { csvRecords } from './csv-records';
import { assertEntriesHonest, declaredSize, zipEntries, ZipShapeError } from './zip-entries';

export type FileKind = 'csv' | 'xlsx';

export interface ParsedFile {
  kind: FileKind;
  columns: string[];
  /** Each data row by column name, as text. */
  rows: Record<string, string>[];
}

/** A file's bytes: all of them, or as they arrive (an upload streamed to the parser). */
export type FileSource = Buffer | AsyncIterable<Buffer>;

export function kindOf(fileName: string, content: Buffer, lang: 'jp' | 'en'): FileKind {
  // An XLSX is a zip: "PK\x03\x04".
  if (content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  if (/\.(csv|txt)$/i.test(fileName) || !/\.[a-z0-9]+$/i.test(fileName)) return 'csv';
  throw fieldError(lang, { file: { message: M.fileType, code: 'invalid' } });
}

/**
 * The kind of a file arriving as a stream, from its first bytes, and the whole stream again (those
 * bytes first) for the parser.
 */
export async function kindOfStream(
  fileName: string,
  source: AsyncIterable<Buffer>,
  lang: 'jp' | 'en',
): Promise<{ kind: FileKind; chunks: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < 4) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  if (size === 0) throw fieldError(lang, { file: { message: M.file, code: 'invalid' } });
  const kind = kindOf(fileName, Buffer.concat(head), lang);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield* head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { kind, chunks: chunks() };
}

/**
 * How much one royalty file may ask of the server (issue #23), each checked before or while the
 * file is parsed, never after: an XLSX's unpacked size from its zip directory before exceljs sees
 * it, rows and columns as the stream parser meets them, the size of one CSV record as csv-parse
 * reads it. SALES_IMPORT_MAX_* settings change them.
 */
export interface FileLimits {
  unpackedBytes: number;
  rows: number;
  columns: number;
}

export type LimitName = 'unpacked' | 'rows' | 'columns' | 'record' | 'entries';

/** Zip entries an XLSX may hold (a workbook has a dozen or so; thousands is an attack). */
const MAX_ZIP_ENTRIES = 1000;
/** Bytes of one CSV record (a row of a dozen short cells is far below this). */
const MAX_RECORD_BYTES = 64 * 1024;

export function fileLimits(): FileLimits {
  const { salesImport } = getConfig();
  return { unpackedBytes: salesImport.maxUnpackedBytes, rows: salesImport.maxRows, columns: salesImport.maxColumns };
}

export class FileLimitError extends Error {
  constructor(
    readonly limit: LimitName,
    readonly max: number,
  ) {
    super(`file limit ${limit} (${max})`);
  }
}

function limitMessage(limit: LimitName, max: number): Bilingual {
  switch (limit) {
    case 'unpacked':
      return M.limitUnpacked(Math.round(max / (1024 * 1024)));
    case 'rows':
      return M.limitRows(max);
    case 'columns':
      return M.limitColumns(max);
    case 'record':
      return M.limitRecord(Math.round(max / 1024));
    case 'entries':
      return M.limitEntries(max);
  }
}

/** Status 5 on `file`, naming the limit reached and its value (`data.limit`, `data.max`). */
export function limitError(err: FileLimitError, lang: 'jp' | 'en'): AppError {
  return fieldError(
    lang,
    {
      file: {
        message: limitMessage(err.limit, err.max),
        code: err.limit === 'rows' || err.limit === 'entries' ? 'tooMany' : 'tooLarge',
      },
    },
    { message: `file limit reached: ${err.limit}`, extra: { limit: err.limit, max: err.max } },
  );
}

/**
 * The records of a CSV (header first), UTF-8 with a BOM dropped, as csv-parse reads them
 * (csv-records), as many at a time as a chunk holds; stops at the first record past a limit.
 */
async function* csvRecordBatches(content: FileSource): AsyncGenerator<string[][]> {
  try {
    yield* csvRecords(content, MAX_RECORD_BYTES);
  } catch (err) {
    if ((err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw new FileLimitError('record', MAX_RECORD_BYTES);
    throw err;
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return String(v.text);
    if (value instanceof Date) return value.toISOString().slice(0, 10);
  }
  return String(value as string | number | boolean).trim();
}

/** Refuses a workbook whose zip would unpack past the limit, before any of it is parsed. */
async function assertXlsxSize(content: Buffer, limits: FileLimits): Promise<void> {
  let entries;
  try {
    entries = zipEntries(content, MAX_ZIP_ENTRIES);
  } catch (err) {
    if (err instanceof ZipShapeError && err.message === 'too many entries') throw new FileLimitError('entries', MAX_ZIP_ENTRIES);
    throw err;
  }
  if (declaredSize(entries) > limits.unpackedBytes) throw new FileLimitError('unpacked', limits.unpackedBytes);
  try {
    await assertEntriesHonest(content, entries);
  } catch (err) {
    // An entry inflating past what it declared is a bomb in disguise: the same limit, named the same way.
    if (err instanceof ZipShapeError && err.message === 'entry larger than declared') {
      throw new FileLimitError('unpacked', limits.unpackedBytes);
    }
    throw err;
  }
}

/**
 * An XLSX's bytes in one buffer: its zip directory, which the size check reads, is at the end. A
 * zip is never larger than what it unpacks to (bar headers), so the unpacked limit bounds it too.
 */
async function wholeFile(source: FileSource, limits: FileLimits): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > limits.unpackedBytes + 1024 * 1024) throw new FileLimitError('unpacked', limits.unpackedBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The rows of the first worksheet of an XLSX (header first), from exceljs's streaming reader. */
async function* xlsxRecords(source: FileSource, limits: FileLimits): AsyncGenerator<string[]> {
  const content = await wholeFile(source, limits);
  await assertXlsxSize(content, limits);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  let sheets = 0;
  for await (const sheet of reader) {
    sheets += 1;
    for await (const row of sheet) {
      const raw = row.values as unknown[];
      // row.values is 1-based (index 0 is empty); a cell far to the right makes it that long.
      if (raw.length - 1 > limits.columns) throw new FileLimitError('columns', limits.columns);
      const values = raw.slice(1).map(cellText);
      if (values.every((v) => v === '')) continue;
      yield values;
    }
    break; // the first sheet only
  }
  // A zip with no worksheet in it is no workbook (the reader then simply yields nothing).
  if (sheets === 0) throw new Error('no worksheet in the file');
}

/** One record at a time as batches of one (a workbook's reader gives its rows one by one anyway). */
async function* oneByOne(records: AsyncIterable<string[]>): AsyncGenerator<string[][]> {
  for await (const record of records) yield [record];
}

/**
 * The records of a sales file as the stream parser yields them, a batch at a time: the header
 * first (as `columns`, with no records), then the data rows' cells in column order. Limits end the
 * stream with a FileLimitError.
 */
export async function* salesFileRecordBatches(
  kind: FileKind,
  content: FileSource,
  limits: FileLimits = fileLimits(),
): AsyncGenerator<{ columns: string[]; records: string[][] }> {
  let columns: string[] | null = null;
  let count = 0;
  const batches = kind === 'csv' ? csvRecordBatches(content) : oneByOne(xlsxRecords(content, limits));
  for await (const batch of batches) {
    let from = 0;
    if (!columns) {
      const header = batch[0]!;
      if (header.length > limits.columns) throw new FileLimitError('columns', limits.columns);
      columns = header.map((c, i) => c || `column ${i + 1}`);
      yield { columns, records: [] };
      from = 1;
    }
    for (let i = from; i < batch.length; i++) {
      if (batch[i]!.length > limits.columns) throw new FileLimitError('columns', limits.columns);
    }
    count += batch.length - from;
    if (count > limits.rows) throw new FileLimitError('rows', limits.rows);
    if (batch.length > from) yield { columns, records: from ? batch.slice(from) : batch };
  }
}

/**
 * The records of a sales file one at a time (salesFileRecordBatches): the header first (as
 * `columns`, `record` null), then each data row's cells in column order.
 */
export async function* salesFileRecords(
  kind: FileKind,
  content: FileSource,
  limits: FileLimits = fileLimits(),
): AsyncGenerator<{ columns: string[]; record: string[] | null }> {
  for await (const { columns, records } of salesFileRecordBatches(kind, content, limits)) {
    if (!records.length) yield { columns, record: null };
    for (const record of records) yield { columns, record };
  }
}

/** The rows of a sales file by column name, as text (salesFileRecords, each row as an object). */
export async function* salesFileRows(
  kind: FileKind,
  content: FileSource,
  limits: FileLimits = fileLimits(),
): AsyncGenerator<{ columns: string[]; row: Record<string, string> | null }> {
  for await (const { columns, record } of salesFileRecords(kind, content, limits)) {
    if (!record) {
      yield { columns, row: null };
      continue;
    }
    const row: Record<string, string> = {};
    columns.forEach((c, i) => (row[c] = record[i] ?? ''));
    yield { columns, row };
  }
}

/** Parses a sales file; `limit` keeps only the first rows (the count still covers all). */
export async function readSalesFile(
  fileName: string,
  content: FileSource,
  lang: 'jp' | 'en',
  limit?: number,
): Promise<ParsedFile & { count: number }> {
  const { kind, chunks } = Buffer.isBuffer(content)
    ? { kind: kindOf(fileName, content, lang), chunks: content }
    : await kindOfStream(fileName, content, lang);
  let columns: string[] = [];
  const rows: Record<string, string>[] = [];
  let count = 0;
  try {
    for await (const step of salesFileRows(kind, chunks)) {
      columns = step.columns;
      if (!step.row) continue;
      count += 1;
      if (limit === undefined || rows.length < limit) rows.push(step.row);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof FileLimitError) throw limitError(err, lang);
    // What the parser said stays in the log: a library's words mean nothing to the person importing.
    console.warn(`[sales] ${kind} file could not be read: ${(err as Error).message}`);
    throw fieldError(lang, { file: { message: M.file, code: 'invalid' } });
  }
  return { kind, columns, rows, count };
}

/** The rows of a file under a mapping (field → column); refused when a required field has no column. */
export function applyMapping(
  file: Pick<ParsedFile, 'columns' | 'rows'>,
  mapping: Partial<Record<RowField, string>>,
  lang: 'jp' | 'en',
): RawRow[] {
  const missing = REQUIRED_FIELDS.filter((f) => !mapping[f] || !file.columns.includes(mapping[f]));
  if (missing.length) {
    throw fieldError(
      lang,
      Object.fromEntries(missing.map((f) => [`mapping.${f}`, { message: M.column, code: 'required' as const }])),
    );
  }
  return file.rows.map((row) => {
    const out: RawRow = {};
    for (const field of ROW_FIELDS) {
      const column = mapping[field];
      if (column) out[field] = row[column];
    }
    return out;
  });
}

/** The mapping an organisation used last, if any. */
export async function rememberedMapping(db: Db, licensee: string): Promise<Partial<Record<RowField, string>> | null> {
  const [row] = await db.select().from(salesImportMappings).where(eq(salesImportMappings.licensee, licensee)).limit(1);
  return row ? (row.mapping as Partial<Record<RowField, string>>) : null;
}

export async function saveMapping(db: Db, licensee: string, mapping: Partial<Record<RowField, string>>, sub: string) {
  await db
    .insert(salesImportMappings)
    .values({ licensee, mapping: mapping as Record<string, string>, updatedBy: sub })
    .onConflictDoUpdate({
      target: salesImportMappings.licensee,
      set: { mapping: mapping as Record<string, string>, updatedBy: sub, dateUpdated: new Date() },
    });
}

/** The mapping to offer for a file: the remembered one where its columns still exist, else guessed from the header. */
export async function suggestMapping(db: Db, licensee: string | undefined, columns: string[]) {
  const remembered = licensee ? await rememberedMapping(db, licensee) : null;
  const fromMemory = cleanMapping(remembered, columns);
  const guessed = guessMapping(columns);
  return { mapping: { ...guessed, ...fromMemory }, remembered: Boolean(remembered) };
}
