import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { salesImportMappings } from '../db/entities-schema';
import { eq } from 'drizzle-orm';
import { cleanMapping, guessMapping, REQUIRED_FIELDS, ROW_FIELDS, type RawRow, type RowField } from './columns';
import { M } from './messages';

export type FileKind = 'csv' | 'xlsx';

export interface ParsedFile {
  kind: FileKind;
  columns: string[];
  /** Each data row by column name, as text. */
  rows: Record<string, string>[];
}

export function kindOf(fileName: string, content: Buffer, lang: 'jp' | 'en'): FileKind {
  // An XLSX is a zip: "PK\x03\x04".
  if (content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  if (/\.(csv|txt)$/i.test(fileName) || !/\.[a-z0-9]+$/i.test(fileName)) return 'csv';
  throw fieldError(lang, { file: { message: M.fileType, code: 'invalid' } });
}

/** Reads a CSV with csv-parse's stream parser: header line first, UTF-8 (a BOM is dropped). */
async function readCsv(
  content: Buffer,
  limit?: number,
): Promise<{ columns: string[]; rows: Record<string, string>[]; count: number }> {
  const parser = Readable.from([content]).pipe(
    parse({ bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }),
  );
  let columns: string[] | null = null;
  const rows: Record<string, string>[] = [];
  let count = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    if (!columns) {
      columns = record.map((c, i) => c || `column ${i + 1}`);
      continue;
    }
    count += 1;
    if (limit !== undefined && rows.length >= limit) continue;
    const row: Record<string, string> = {};
    columns.forEach((c, i) => (row[c] = record[i] ?? ''));
    rows.push(row);
  }
  return { columns: columns ?? [], rows, count };
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

/** Reads the first worksheet of an XLSX with exceljs's streaming reader. */
async function readXlsx(
  content: Buffer,
  limit?: number,
): Promise<{ columns: string[]; rows: Record<string, string>[]; count: number }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  let columns: string[] | null = null;
  const rows: Record<string, string>[] = [];
  let count = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // row.values is 1-based: index 0 is empty.
      const values = (row.values as unknown[]).slice(1).map(cellText);
      if (values.every((v) => v === '')) continue;
      if (!columns) {
        columns = values.map((c, i) => c || `column ${i + 1}`);
        continue;
      }
      count += 1;
      if (limit !== undefined && rows.length >= limit) continue;
      const out: Record<string, string> = {};
      columns.forEach((c, i) => (out[c] = values[i] ?? ''));
      rows.push(out);
    }
    break; // the first sheet only
  }
  return { columns: columns ?? [], rows, count };
}

/** Parses a sales file; `limit` keeps only the first rows (the count still covers all). */
export async function readSalesFile(
  fileName: string,
  content: Buffer,
  lang: 'jp' | 'en',
  limit?: number,
): Promise<ParsedFile & { count: number }> {
  const kind = kindOf(fileName, content, lang);
  try {
    const read = kind === 'csv' ? await readCsv(content, limit) : await readXlsx(content, limit);
    return { kind, ...read };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fieldError(lang, { file: { message: M.file, code: 'invalid' } }, { extra: { reason: (err as Error).message } });
  }
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
