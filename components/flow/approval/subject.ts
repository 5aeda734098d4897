import type { ApprovalKind } from '@/lib/client/flow';
import { thumbnailUrl } from '@/lib/client/files';
import type { Lang } from '@/lib/session/redirect';
import { formatDateTime } from '@/lib/format/time';
import { numberFormat } from '@/lib/format/intl-cache';

export type Row = Record<string, unknown>;

export interface ImageRef {
  hash: string;
  name?: string;
  mime?: string;
}

/** The entity behind each approval screen, for history and record look-ups. */
export const ENTITY_OF: Record<ApprovalKind, 'IP' | 'License' | 'Product' | 'Usage' | 'Invoice' | 'SalesReport'> = {
  ips: 'IP',
  licenses: 'License',
  products: 'Product',
  usages: 'Usage',
  invoices: 'Invoice',
  reports: 'SalesReport',
};

/** The flow subject name of each screen (flow namespace: subject.*). */
export const SUBJECT_OF: Record<ApprovalKind, 'ip' | 'license' | 'product' | 'usage' | 'invoice' | 'sales'> = {
  ips: 'ip',
  licenses: 'license',
  products: 'product',
  usages: 'usage',
  invoices: 'invoice',
  reports: 'sales',
};

/** Fields shown in the detail and compared between versions, in display order. */
export const FIELDS_OF: Record<ApprovalKind, readonly string[]> = {
  ips: ['name', 'description', 'images'],
  licenses: [
    'licensee',
    'territory',
    'term',
    'royalty_rate_bp',
    'minimum_guarantee',
    'advance',
    'channels',
    'categories',
    'notes',
  ],
  products: ['name', 'sku', 'category', 'images', 'price', 'planned_launch'],
  usages: ['ip', 'purpose'],
  invoices: ['licensee', 'period', 'amount', 'tax_lines', 'due_date'],
  reports: ['licensee', 'period', 'row_count', 'totals', 'late', 'source', 'file_name', 'notes'],
};

export function localeOf(lang: Lang): string {
  return lang === 'jp' ? 'ja-JP' : 'en-US';
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

export function imagesOf(record: Row | null | undefined): ImageRef[] {
  const images = record?.images;
  if (!Array.isArray(images)) return [];
  return images.filter((i): i is ImageRef => Boolean(i) && typeof (i as ImageRef).hash === 'string');
}

/** Images are served through the access-checked route: a designer's drafts are private files. */
export function imageUrl(hash: string, width: number): string {
  return thumbnailUrl(hash, width, false);
}

/** Money is stored in minor units (yen, cents); the currency says how many decimals it has. */
export function formatMoney(amount: unknown, currency: unknown, lang: Lang): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'JPY';
  try {
    const format = numberFormat(localeOf(lang), { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${code}`;
  }
}

/** Basis points as a percentage: 1250 → 12.5%. */
export function formatRate(bp: unknown, lang: Lang): string {
  if (typeof bp !== 'number' || !Number.isFinite(bp)) return '';
  return `${numberFormat(localeOf(lang), { maximumFractionDigits: 2 }).format(bp / 100)}%`;
}

export function formatDay(value: unknown): string {
  const full = formatDateTime(value, '');
  return full ? full.slice(0, 10) : '';
}

/** The value of one displayed field as plain text, for comparing two versions of a record. */
export function comparable(record: Row, field: string): string {
  if (field === 'term') return `${formatDay(record.term_start)} – ${formatDay(record.term_end)}`;
  if (field === 'images')
    return imagesOf(record)
      .map((i) => i.hash)
      .join(',');
  const value = record[field];
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (field === 'price' || field === 'minimum_guarantee' || field === 'advance') return `${text(value)} ${text(record.currency)}`;
  if (field === 'planned_launch' || field === 'due_date') return formatDay(value);
  if (field === 'period') return `${formatDay(record.period_start)} – ${formatDay(record.period_end)}`;
  if (field === 'amount') return `${text(value)} ${text(record.currency)}`;
  if (field === 'totals' && value && typeof value === 'object')
    return Object.entries(value as Record<string, Row>)
      .map(([currency, t]) => `${currency} ${text(t.rows)} ${text(t.net_sales)} ${text(t.royalty)}`)
      .join('; ');
  if (field === 'tax_lines' && Array.isArray(value))
    return value.map((l: Row) => `${text(l.label)} ${text(l.rate_bp)} ${text(l.amount)}`).join('; ');
  return text(value);
}
