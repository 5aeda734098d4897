import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { bulkTransaction } from '../db/bulk-transaction';
import type { ReportTotals } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { defaultHolder } from '../flow/facts';
import { newKey, sortedKeys } from '../keys';
import { royaltyOf } from '../royalty/royalty';
import { REQUIRED_FIELDS, ROW_FIELDS, type RawRow, type RowField } from './columns';
import { fileLimits, FileLimitError, kindOfStream, limitError, salesFileRecordBatches, type FileKind } from './files';
import { M } from './messages';
import { SalesCopyLines, SALES_COPY_COLUMNS } from './copy-lines';
import { storeReport, type ReportResult } from './report';
import { checkReportHead, RowChecker } from './row-check';

/** Rows checked and loaded together: a few hundred kilobytes of COPY text, one look-up of new names. */
export const IMPORT_BATCH = 5000;

/**
 * Keys drawn at a time and handed out in ascending order: each COPY batch then carries a run of
 * increasing keys, and the sales primary key fills in sweeps rather than at random leaves (about a
 * third of the database's time at a million rows). The keys stay 48 random characters each.
 */
export const KEY_RUN = 100_000;

export interface StreamImportInput {
  licensee: string;
  period_start: string;
  period_end: string;
  file_name: string;
  mapping: Partial<Record<RowField, string>>;
  now?: Date;
}

export interface ImportProgress {
  /** Data rows read from the file so far. */
  rows: number;
  /** Rows refused so far (the import then stores nothing). */
  refused: number;
}

/**
 * What went wrong while the file was read (not while rows were stored): a limit reached, or a file
 * its parser could not read, in the reader's words, never the parser's.
 */
async function* readable<T>(rows: AsyncIterable<T>, kind: FileKind, lang: Viewer['lang']): AsyncGenerator<T> {
  try {
    yield* rows;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof FileLimitError) throw limitError(err, lang);
    console.warn(`[sales] ${kind} file could not be read: ${(err as Error).message}`);
    throw fieldError(lang, { file: { message: M.file, code: 'invalid' } });
  }
}

function assertMapped(columns: readonly string[], mapping: Partial<Record<RowField, string>>, lang: Viewer['lang']) {
  const missing = REQUIRED_FIELDS.filter((f) => !mapping[f] || !columns.includes(mapping[f]));
  if (missing.length) {
    throw fieldError(
      lang,
      Object.fromEntries(missing.map((f) => [`mapping.${f}`, { message: M.column, code: 'required' as const }])),
    );
  }
}

/**
 * A royalty file imported as it arrives: parse (csv-parse or exceljs, streaming) → check a batch of
 * IMPORT_BATCH rows against their licenses (RowChecker) → load the batch with COPY, all inside one
 * transaction that commits only once the last row is stored and the report is written, so a file
 * refused at its 900,000th row, a client gone mid-upload or a process killed leaves nothing. Memory
 * holds one batch and its COPY text, one run of KEY_RUN keys (about 7 MB), the licenses and
 * products the file names, and the first refused rows. `onProgress` hears the rows read after each batch.
 */
export async function importSalesStream(
  db: Db,
  viewer: Viewer,
  input: StreamImportInput,
  source: AsyncIterable<Buffer>,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ReportResult & { kind: FileKind }> {
  const lang = viewer.lang;
  const holder = await defaultHolder(db);
  const { start, end } = checkReportHead(viewer, input, holder.config);
  const { kind, chunks } = await kindOfStream(input.file_name, source, lang);
  const limits = fileLimits();
  const reportKey = newKey();
  const owner = viewer.sub;
  const firstRow = 2; // the header is line 1

  const result = await bulkTransaction(db, async (tx, copy, target) => {
    const checker = await RowChecker.open(tx, viewer, { licensee: input.licensee, start, end, columns: input.mapping });
    const totals: ReportTotals = {};
    let stored = 0;
    let batch: RawRow[] = [];
    const lines = new SalesCopyLines({ start, end, report: reportKey, owner });
    let keys: string[] = [];
    let nextKey = 0;
    let writing: Promise<void> = Promise.resolve();

    const flush = async () => {
      if (!batch.length) return;
      await checker.load(batch);
      const first = firstRow + checker.rows;
      let text = '';
      let count = 0;
      for (let i = 0; i < batch.length; i++) {
        const checked = checker.check(batch[i]!, first + i);
        // Once a row is refused nothing will be stored: the rest is only checked, for the answer.
        if (!checked || checker.refused) continue;
        if (nextKey === keys.length) {
          keys = sortedKeys(KEY_RUN);
          nextKey = 0;
        }
        const royalty = royaltyOf(checked.net, checked.license.royalty_rate_bp);
        const t = (totals[checked.license.currency] ??= { rows: 0, units: 0, net_sales: 0, royalty: 0 });
        t.rows += 1;
        t.units += checked.units;
        t.net_sales += checked.net;
        t.royalty += royalty;
        text += lines.line(keys[nextKey++]!, checked, royalty);
        count += 1;
      }
      batch = [];
      if (!checker.refused && count) {
        // The database loads this batch while the next one is parsed and checked.
        await writing;
        writing = copy('sales', SALES_COPY_COLUMNS, Buffer.from(text, 'utf8'));
        // Its failure is awaited (and thrown) before the next batch or the report.
        writing.catch(() => undefined);
        stored += count;
      }
      onProgress?.({ rows: checker.rows, refused: checker.refused });
    };

    // Where each mapped field's column is (the last of that name, as a row by column name has it).
    let cells: [RowField, number][] | null = null;
    for await (const step of readable(salesFileRecordBatches(kind, chunks, limits), kind, lang)) {
      if (!cells) {
        assertMapped(step.columns, input.mapping, lang);
        cells = ROW_FIELDS.filter((f) => input.mapping[f]).map((f) => [f, step.columns.lastIndexOf(input.mapping[f]!)]);
      }
      for (const record of step.records) {
        const raw: RawRow = {};
        for (const [field, index] of cells) raw[field] = record[index] ?? '';
        batch.push(raw);
        if (batch.length >= IMPORT_BATCH) await flush();
      }
      // A file already in memory is read through promises that never leave the microtask queue:
      // without a turn of the event loop here the server's answer to a COPY waits unread, and
      // its rows stay unsent, until the next batch is ready, so the server and this process
      // took turns instead of working at once. PGlite runs on this thread: a turn there only
      // costs (100,000 rows took 5.7 s with it, 2.4 s without).
      if (target === 'server') await new Promise<void>((resolve) => setImmediate(resolve));
    }
    // A file with no header at all: nothing is mapped.
    if (!cells) assertMapped([], input.mapping, lang);
    await flush();
    await writing;
    if (checker.rows === 0) throw fieldError(lang, { rows: { message: M.noRows, code: 'required' } });
    checker.finish();
    return storeReport(tx, viewer, {
      key: reportKey,
      licensee: input.licensee,
      start,
      end,
      source: kind,
      file_name: input.file_name,
      rowCount: stored,
      totals,
      licenseKeys: [...lines.licenses],
      holderConfig: holder.config,
      now: input.now ?? new Date(),
    });
  });
  return { ...result, kind };
}
