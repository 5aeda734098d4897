import type { ServerResponse } from 'node:http';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { renderPdf } from '../pdf/render';
import { contentDisposition } from '../storage/send-file';
import { getInvoiceDetails } from './invoice-breakdown';
import { invoiceParties } from './issuer';

/** GET /api/invoice/{id}/pdf: the invoice in ?lang= (jp or en), else the caller's language. */
export async function sendInvoicePdf(
  db: Db,
  caller: Caller,
  res: ServerResponse,
  id: unknown,
  langParam: unknown,
): Promise<void> {
  const { invoice, breakdown } = await getInvoiceDetails(db, caller, id);
  const lang = langParam === 'en' || langParam === 'jp' ? langParam : caller.lang;
  const parties = await invoiceParties(db, invoice.licensee);
  const pdf = await renderPdf({ kind: 'invoice', input: { invoice, breakdown, parties, lang } });
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Disposition', contentDisposition('attachment', `invoice-${invoice.reference}.pdf`));
  res.end(pdf);
}
