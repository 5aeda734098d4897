import type { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { validateRecord } from '../entities/validate';
import { viewerOf, type Viewer } from '../entities/viewer';
import type { RowField } from './columns';
import { readSalesFile, saveMapping, suggestMapping } from './files';
import { M } from './messages';
import { createReport } from './report';
import { importSalesStream, type ImportProgress } from './stream-import';
import { licenseTotals } from './totals';

import { importInput, importUploadInput, previewInput, reportInput, totalsInput } from './input';

export { importInput, importUploadInput, previewInput, reportInput, totalsInput };

function decode(base64: string, lang: Viewer['lang']): Buffer {
  const buffer = Buffer.from(base64, 'base64');
  if (buffer.length === 0) throw fieldError(lang, { content_base64: { message: M.file, code: 'invalid' } });
  return buffer;
}

function assertOrganisation(viewer: Viewer, licensee: string | undefined): void {
  if (licensee && !viewer.holder && !viewer.licensees.includes(licensee)) {
    throw fieldError(viewer.lang, { licensee: { message: M.organisation, code: 'key' } });
  }
}

/** POST /api/sales/preview: the file's columns, the mapping to offer, its first 20 rows and its row count. */
export async function previewFile(db: Db, caller: Caller, body: unknown) {
  const viewer = await viewerOf(db, caller);
  const input = validateRecord(previewInput, body, viewer.lang);
  assertOrganisation(viewer, input.licensee);
  return previewOf(db, viewer, input, decode(input.content_base64, viewer.lang));
}

/** The parameters of a streamed upload's query string, `mapping[field]=column` gathered into `mapping`. */
function uploadParams(query: URLSearchParams): Record<string, unknown> {
  const mapped: Record<string, string> = {};
  const params: Record<string, unknown> = {};
  for (const [name, value] of query) {
    const field = /^mapping\[(\w+)\]$/.exec(name)?.[1];
    if (field) mapped[field] = value;
    else params[name] = value;
  }
  return { ...params, mapping: mapped };
}

/** The query string of a streamed preview (the file itself is the body): previewInput less the content. */
export const previewUploadInput = previewInput.omit({ content_base64: true });

/** POST /api/sales/preview/stream: the same preview with the file as the request body, read as it arrives. */
export async function previewUpload(db: Db, caller: Caller, query: URLSearchParams, body: AsyncIterable<Buffer>) {
  const viewer = await viewerOf(db, caller);
  const input = validateRecord(previewUploadInput, uploadParams(query), viewer.lang);
  assertOrganisation(viewer, input.licensee);
  return previewOf(db, viewer, input, body);
}

async function previewOf(
  db: Db,
  viewer: Viewer,
  input: z.infer<typeof previewUploadInput>,
  content: Buffer | AsyncIterable<Buffer>,
) {
  const file = await readSalesFile(input.file_name, content, viewer.lang, 20);
  const suggested = await suggestMapping(db, input.licensee, file.columns);
  return {
    kind: file.kind,
    columns: file.columns,
    mapping: input.mapping ? { ...suggested.mapping, ...input.mapping } : suggested.mapping,
    remembered: suggested.remembered,
    preview: file.rows,
    rowCount: file.count,
  };
}

/** POST /api/sales/import: validates every row, imports all or nothing, remembers the mapping. */
export async function importFile(db: Db, caller: Caller, body: unknown) {
  const viewer = await viewerOf(db, caller);
  const input = validateRecord(importInput, body, viewer.lang);
  assertOrganisation(viewer, input.licensee);
  const content = decode(input.content_base64, viewer.lang);
  const { content_base64: _content, ...rest } = input;
  return importStreamed(
    db,
    viewer,
    rest,
    (async function* () {
      yield content;
    })(),
  );
}

/**
 * POST /api/sales/import/stream: the same import with the file as the request body, read as it
 * arrives; the parameters are in the query string (`mapping[license]=…` for the mapping).
 */
export async function importUpload(
  db: Db,
  caller: Caller,
  query: URLSearchParams,
  body: AsyncIterable<Buffer>,
  onProgress?: (progress: ImportProgress) => void,
) {
  const viewer = await viewerOf(db, caller);
  const input = validateRecord(importUploadInput, uploadParams(query), viewer.lang);
  assertOrganisation(viewer, input.licensee);
  return importStreamed(db, viewer, input, body, onProgress);
}

async function importStreamed(
  db: Db,
  viewer: Viewer,
  input: z.infer<typeof importUploadInput>,
  body: AsyncIterable<Buffer>,
  onProgress?: (progress: ImportProgress) => void,
) {
  const map = input.mapping as Partial<Record<RowField, string>>;
  const { report } = await importSalesStream(db, viewer, { ...input, mapping: map }, body, onProgress);
  await saveMapping(db, input.licensee, map, viewer.sub);
  return report;
}

/** POST /api/sales/report: the form's rows as one report. */
export async function reportFromForm(db: Db, caller: Caller, body: unknown) {
  const viewer = await viewerOf(db, caller);
  const input = validateRecord(reportInput, body, viewer.lang);
  const { report } = await createReport(db, viewer, { ...input, source: 'form', firstRow: 1 });
  return report;
}

/** GET /api/sales/totals?license= or ?licensee=: running totals per license. */
export async function totals(db: Db, caller: Caller, query: unknown) {
  const viewer = await viewerOf(db, caller);
  const q = (query ?? {}) as Record<string, unknown>;
  const input = validateRecord(
    totalsInput,
    Object.fromEntries(Object.entries(q).filter(([k, v]) => ['license', 'licensee'].includes(k) && typeof v === 'string')),
    viewer.lang,
  );
  return licenseTotals(db, viewer, input);
}
