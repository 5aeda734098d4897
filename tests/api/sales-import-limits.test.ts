/**
 * Bounded royalty files (issue #23): an XLSX is refused from its zip directory when it would
 * unpack past the limit (before a byte of it is inflated or parsed), one that lies about its
 * sizes is stopped at the lie, rows and columns are counted as the stream parser reads, and the
 * answer names the limit reached in the reader's language — never a parser's own message.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { readSalesFile } from '@/lib/server/sales/files';
import * as previewRoute from '@/pages/api/sales/preview';
import { serveRoute, type RouteServer } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = Record<string, unknown>> {
  status: number;
  data: T;
}
interface Refusal {
  errors: Record<string, string>;
  limit?: string;
  max?: number;
  reason?: unknown;
}

interface Entry {
  name: string;
  /** What the entry's compressed bytes are (deflate-raw). */
  compressed: Buffer;
  /** The size the directory declares for it unpacked. */
  declared: number;
}

/** A zip of the given entries, written by hand so that its directory can say what a test wants. */
function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.compressed), 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.declared, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(entry.compressed), 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(entry.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const ROW = '<row><c t="inlineStr"><is><t>AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</t></is></c></row>';

/** A sheet of `megabytes` of repeated rows, deflated: a few hundred kilobytes that unpack to much more. */
function bombSheet(megabytes: number): { compressed: Buffer; size: number } {
  const rows = Math.ceil((megabytes * 1024 * 1024) / ROW.length);
  const xml = Buffer.from(`${SHEET_HEAD}${ROW.repeat(rows)}</sheetData></worksheet>`);
  return { compressed: deflateRawSync(xml, { level: 9 }), size: xml.length };
}

async function workbook(rows: number, columns = 3): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sales');
  sheet.addRow(Array.from({ length: columns }, (_, i) => `col${i + 1}`));
  for (let r = 0; r < rows; r++) sheet.addRow(Array.from({ length: columns }, (_, i) => `${r}-${i}`));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; data: Refusal }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { status: number; data: Refusal };
    return { status: e.status, data: e.data };
  }
  throw new Error('the file was accepted');
}

/** Words of the libraries underneath, in what a person reads (the machine codes beside them are ours: `invalid`). */
const LIBRARY = /Cannot read|undefined|TypeError|invalid distance|unexpected end|zlib|exceljs|unzip|Invalid/i;

let preview: RouteServer;
let holder = '';

beforeAll(async () => {
  await ensureReady();
  preview = await serveRoute(previewRoute, '/api/sales/preview');
  holder = await issueAccessToken(await subOf('holder@example.com'));
});

afterAll(async () => {
  await preview?.close();
  for (const name of ['SALES_IMPORT_MAX_ROWS', 'SALES_IMPORT_MAX_COLUMNS', 'SALES_IMPORT_MAX_UNPACKED_MB'])
    delete process.env[name];
  resetConfigForTests();
});

describe('XLSX unpacked size', () => {
  it('refuses a small workbook that would unpack past the limit from its directory alone, naming the limit', async () => {
    const sheet = bombSheet(80);
    const bomb = zipOf([
      { name: '[Content_Types].xml', compressed: deflateRawSync('<Types/>'), declared: 8 },
      { name: 'xl/worksheets/sheet1.xml', compressed: sheet.compressed, declared: sheet.size },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await refusal(readSalesFile('bomb.xlsx', bomb, 'en'));
    expect(refused.status).toBe(5);
    expect(refused.data.limit).toBe('unpacked');
    expect(refused.data.max).toBe(64 * 1024 * 1024);
    expect(refused.data.errors.file).toContain('64 MB');
    // Nothing was inflated: the same directory over bytes that are not even deflate is refused the same way.
    const garbage = zipOf([{ name: 'xl/worksheets/sheet1.xml', compressed: Buffer.alloc(2000, 0xab), declared: sheet.size }]);
    expect((await refusal(readSalesFile('bomb.xlsx', garbage, 'en'))).data.limit).toBe('unpacked');
  });

  it('stops an entry that inflates past the size its directory declares', async () => {
    const sheet = bombSheet(2);
    const liar = zipOf([{ name: 'xl/worksheets/sheet1.xml', compressed: sheet.compressed, declared: 1000 }]);
    const refused = await refusal(readSalesFile('liar.xlsx', liar, 'jp'));
    expect(refused.data.limit).toBe('unpacked');
    expect(refused.data.errors.file).toMatch(/展開後のサイズ/);
  });

  it('answers the preview route with 400, the limit in the language of the request, and no library words', async () => {
    const sheet = bombSheet(80);
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', compressed: sheet.compressed, declared: sheet.size }]);
    for (const lang of ['jp', 'en'] as const) {
      const res = await preview.request<Envelope<Refusal>>('POST', '/api/sales/preview', {
        headers: { authorization: `Bearer ${holder}`, 'x-lang': lang },
        body: { file_name: 'bomb.xlsx', content_base64: bomb.toString('base64') },
      });
      expect([res.status, res.json.status, res.json.data.limit]).toEqual([400, 5, 'unpacked']);
      expect(res.json.data.errors.file).toMatch(lang === 'jp' ? /上限（64 MB）/ : /limit \(64 MB\)/);
    }
  });

  it('a workbook that is not one is "could not be read", without the parser\'s message', async () => {
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(300, 7)]);
    const refused = await refusal(readSalesFile('broken.xlsx', broken, 'en'));
    expect(refused.data.errors.file).toBe('The file could not be read.');
    expect(JSON.stringify(refused.data.errors)).not.toMatch(LIBRARY);
    // A real zip that is not a workbook.
    const notBook = zipOf([{ name: 'hello.txt', compressed: deflateRawSync('hello'), declared: 5 }]);
    const other = await refusal(readSalesFile('hello.xlsx', notBook, 'en'));
    expect(JSON.stringify(other.data.errors)).not.toMatch(LIBRARY);
  });
});

describe('rows and columns, counted as the stream is read', () => {
  beforeAll(() => {
    process.env.SALES_IMPORT_MAX_ROWS = '10';
    process.env.SALES_IMPORT_MAX_COLUMNS = '8';
    resetConfigForTests();
  });

  it('takes a file at the limits and refuses one row or one column more, naming which (CSV)', async () => {
    const csv = (rows: number, columns: number) =>
      Buffer.from(
        [
          Array.from({ length: columns }, (_, i) => `c${i}`).join(','),
          ...Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, i) => `${r}${i}`).join(',')),
        ].join('\n'),
      );
    expect((await readSalesFile('ok.csv', csv(10, 8), 'en')).count).toBe(10);
    const rows = await refusal(readSalesFile('rows.csv', csv(11, 8), 'en'));
    expect([rows.data.limit, rows.data.max]).toEqual(['rows', 10]);
    expect(rows.data.errors.file).toContain('10');
    const columns = await refusal(readSalesFile('cols.csv', csv(2, 9), 'jp'));
    expect([columns.data.limit, columns.data.max]).toEqual(['columns', 8]);
    expect(columns.data.errors.file).toMatch(/列数/);
    // One enormous record is refused as such, not swallowed whole.
    const record = await refusal(readSalesFile('record.csv', Buffer.from(`a,b\n"${'x'.repeat(200_000)}",1\n`), 'en'));
    expect(record.data.limit).toBe('record');
  });

  it('refuses rows and columns past the limits in a workbook too', async () => {
    expect((await readSalesFile('ok.xlsx', await workbook(10), 'en')).count).toBe(10);
    expect((await refusal(readSalesFile('rows.xlsx', await workbook(11), 'en'))).data.limit).toBe('rows');
    expect((await refusal(readSalesFile('cols.xlsx', await workbook(2, 9), 'en'))).data.limit).toBe('columns');
  });
});
