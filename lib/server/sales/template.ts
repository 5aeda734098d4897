import ExcelJS from 'exceljs';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { licenses, products } from '../db/entities-schema';
import { validateRecord } from '../entities/validate';
import { viewerOf } from '../entities/viewer';
import { csvField, UTF8_BOM } from '../stats/csv';
import type { RowField } from './columns';
import { M } from './messages';
import { REPORTABLE_LICENSE_STATES } from './report';

export const templateInput = z
  .object({
    licensee: z.string().min(1).max(64),
    period: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .meta({ examples: ['2026-10'] }),
    format: z.enum(['csv', 'xlsx']).default('csv'),
  })
  .strict();

/** The template's columns per language; columns.ts maps each header back to its field on import. */
export const TEMPLATE_HEADERS: Record<'jp' | 'en', Record<RowField | 'name', string>> = {
  jp: {
    license: '契約番号',
    product: 'SKU',
    name: '商品名',
    territory: '地域',
    units: '数量',
    gross_sales: '総売上',
    net_sales: '純売上',
    currency: '通貨',
  },
  en: {
    license: 'Contract reference',
    product: 'SKU',
    name: 'Product',
    territory: 'Territory',
    units: 'Units',
    gross_sales: 'Gross sales',
    net_sales: 'Net sales',
    currency: 'Currency',
  },
};

const ORDER = ['license', 'product', 'name', 'territory', 'units', 'gross_sales', 'net_sales', 'currency'] as const;

export interface TemplateFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The month as its first and last day (UTC midnights, as periods are stored). */
function monthBounds(period: string): { start: Date; end: Date } {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 0)) };
}

/**
 * The rows a licensee fills for a month: one per license in force during the month, approved
 * product and territory, with everything but the quantities and amounts already written. A row
 * left without quantity and amounts is skipped on import (nothing sold).
 */
export async function templateRows(db: Db, licensee: string, period: string) {
  const { start, end } = monthBounds(period);
  const found = await db
    .select({
      reference: licenses.reference,
      territory: licenses.territory,
      currency: licenses.currency,
      sku: products.sku,
      name: products.name,
    })
    .from(licenses)
    .innerJoin(products, and(eq(products.license, licenses.key), eq(products.state, 'approved')))
    .where(
      and(
        eq(licenses.licensee, licensee),
        inArray(licenses.state, REPORTABLE_LICENSE_STATES),
        lte(licenses.term_start, end),
        gte(licenses.term_end, start),
      ),
    )
    .orderBy(asc(licenses.reference), asc(products.sku));
  return found.flatMap((r) =>
    (r.territory.length ? r.territory : ['']).map((territory) => ({
      license: r.reference,
      product: r.sku,
      name: r.name,
      territory,
      units: '',
      gross_sales: '',
      net_sales: '',
      currency: r.currency,
    })),
  );
}

/** GET /api/sales/template?licensee=&period=YYYY-MM&format=csv|xlsx: the month's pre-filled sheet. */
export async function salesTemplate(db: Db, caller: Caller, query: unknown): Promise<TemplateFile> {
  const viewer = await viewerOf(db, caller);
  const q = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(
      ([k, v]) => ['licensee', 'period', 'format'].includes(k) && typeof v === 'string',
    ),
  );
  const input = validateRecord(templateInput, q, viewer.lang);
  if (!viewer.holder && !viewer.licensees.includes(input.licensee)) {
    throw fieldError(viewer.lang, { licensee: { message: M.organisation, code: 'key' } });
  }
  const headers = TEMPLATE_HEADERS[viewer.lang];
  const rows = await templateRows(db, input.licensee, input.period);
  const base = viewer.lang === 'jp' ? `売上報告_${input.period}` : `sales-report-${input.period}`;
  if (input.format === 'csv') {
    const lines = [ORDER.map((c) => headers[c]), ...rows.map((r) => ORDER.map((c) => r[c]))];
    const text = `${UTF8_BOM}${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
    return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(text, 'utf8') };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(input.period);
  sheet.columns = ORDER.map((c) => ({ header: headers[c], key: c, width: c === 'name' ? 32 : 18 }));
  for (const r of rows) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  const body = Buffer.from(await book.xlsx.writeBuffer());
  return {
    fileName: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  };
}
