import type { ContractPdfInput, SignaturePagesInput } from '../contracts/contract-pdf';
import type { InvoicePdfInput } from '../invoices/invoice-pdf';
import { sampleContractTerms } from '../contracts/sample-terms';

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

/**
 * Makes a sample contract in each language and throws them away. The first PDF of a language costs
 * several times the next (its fonts read and parsed, the layout code compiled: 460 ms against 120
 * on the bench machine), and the first PDFs asked for are often a burst of final approvals. The
 * render thread rehearses at its start, at its low priority, so no real contract pays for it.
 */
export async function rehearseRenderers(): Promise<Buffer[]> {
  const made: Buffer[] = [];
  for (const lang of ['jp', 'en'] as const) {
    const terms = sampleContractTerms(lang, { common: null, licensee: null });
    made.push(
      await renderPdfJob({
        kind: 'contract',
        input: { contractNumber: 'SAMPLE', revision: 1, generatedAt: new Date(0), terms, lang, ipImage: null },
      }),
    );
  }
  return made;
}
