import type { ContractPdfInput, SignaturePagesInput } from '../contracts/contract-pdf';
import type { InvoicePdfInput } from '../invoices/invoice-pdf';

/** One PDF to make: plain data only, so it can cross to the render thread by structured clone. */
export type PdfJob =
  | { kind: 'contract'; input: ContractPdfInput }
  | { kind: 'signature-pages'; input: SignaturePagesInput }
  | { kind: 'invoice'; input: InvoicePdfInput };

/**
 * Makes one PDF in this thread. The renderers load on the first PDF (React PDF and the fonts are
 * heavy), not with every route that imports this module.
 */
export async function renderPdfJob(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case 'contract':
      return (await import('../contracts/contract-pdf')).renderContractPdf(job.input);
    case 'signature-pages':
      return (await import('../contracts/contract-pdf')).renderSignaturePages(job.input);
    case 'invoice':
      return (await import('../invoices/invoice-pdf')).renderInvoicePdf(job.input);
  }
}

/**
 * Loads the renderers ahead of the first PDF (the render thread does at its start): compiling React
 * PDF, its layout engine's WebAssembly and the documents' modules is a burst of CPU of its own.
 */
export async function loadRenderers(): Promise<void> {
  await Promise.all([import('../contracts/contract-pdf'), import('../invoices/invoice-pdf')]);
}
