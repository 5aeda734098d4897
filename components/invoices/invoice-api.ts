import { downloadBlob } from '@/components/kit/table/csv';
import { api } from '@/lib/client/api';

/** One license's part of an invoice (integer minor units), as /api/invoice/* answer it. */
export interface InvoiceLine {
  license: string;
  license_reference?: string;
  ip: string;
  ip_name: string;
  rows: number;
  net_sales: number;
  royalty: number;
  earned_before: number;
  recouped: number;
  /** Of `recouped`, what an MG shortfall billed earlier already paid for (a late report). */
  shortfall_netted?: number;
  advance_remaining: number;
  mg_shortfall: number;
  /** The advance billed with this invoice (absent from invoices drafted before advances were billed). */
  advance_billed?: number;
  due: number;
}

export interface InvoiceTaxLine {
  kind: 'vat' | 'withholding';
  label_jp: string;
  label_en: string;
  rate_bp: number;
  amount: number;
}

export interface InvoiceBreakdown {
  licensee: string;
  licensee_name: string;
  currency: string;
  period_start: string;
  period_end: string;
  lines: InvoiceLine[];
  subtotal: number;
  tax_lines: InvoiceTaxLine[];
  total: number;
  due_date: string;
  sales: string[];
}

export interface InvoiceRecord {
  key: string;
  reference: string;
  licensee: string;
  period_start: string;
  period_end: string;
  amount: number;
  currency: string;
  due_date: string | null;
  state: string;
  tax_lines: { kind: string; label: string; rate_bp: number; amount: number; label_jp?: string; label_en?: string }[];
  version: number;
}

export interface DraftInput {
  licensee: string;
  period_start: string;
  period_end: string;
  currency?: string;
}

export interface CallResult<T> {
  ok: boolean;
  data: T | null;
  errors: Record<string, string>;
}

function resultOf<T>(answer: { status: number; data: unknown } | null): CallResult<T> {
  if (!answer) return { ok: false, data: null, errors: {} };
  if (answer.status === 0) return { ok: true, data: answer.data as T, errors: {} };
  const detail = answer.data as { errors?: Record<string, string> } | null;
  return { ok: false, data: null, errors: detail && typeof detail === 'object' && detail.errors ? detail.errors : {} };
}

export async function previewInvoice(input: DraftInput, token?: string): Promise<CallResult<InvoiceBreakdown>> {
  return resultOf(await api.POST('/api/invoice/preview', { token, body: input }));
}

export async function createInvoice(
  input: DraftInput,
  token?: string,
): Promise<CallResult<{ invoice: InvoiceRecord; breakdown: InvoiceBreakdown }>> {
  return resultOf(await api.POST('/api/invoice/draft', { token, body: input }));
}

export async function invoiceDetails(
  key: string,
  token?: string,
): Promise<CallResult<{ invoice: InvoiceRecord; breakdown: InvoiceBreakdown }>> {
  return resultOf(await api.GET('/api/invoice/{id}', { params: { path: { id: key } }, token }));
}

/** Fetches a file with the bearer token and hands it to the browser as a download. */
export async function downloadWithToken(url: string, fileName: string, token?: string): Promise<boolean> {
  try {
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
    if (!res.ok) return false;
    saveBlob(await res.blob(), fileName);
    return true;
  } catch {
    return false;
  }
}

/** A file offered as a download (the kit's, under the name other screens already use). */
export function saveBlob(blob: Blob, fileName: string): void {
  downloadBlob(fileName, blob);
}

/** Past the due date and not settled. */
export function isOverdue(invoice: Pick<InvoiceRecord, 'due_date' | 'state'>, today = new Date()): boolean {
  if (!invoice.due_date || ['paid', 'rejected'].includes(invoice.state)) return false;
  return invoice.due_date.slice(0, 10) < today.toISOString().slice(0, 10);
}

export const INVOICE_STATE_VARIANT: Record<string, string> = {
  draft: 'secondary',
  submitted: 'info',
  approved: 'success',
  rejected: 'danger',
  paid: 'primary',
};
