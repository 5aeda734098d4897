import { createHash } from 'node:crypto';
import signpdf from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { PDFDocument } from 'pdf-lib';
import { getConfig } from '../../../config';
import { signedData } from './cms';
import { sealIdentity, type SealIdentity } from './seal-certificate';
import { requestTimestamp } from './timestamp';

/** Room for the CMS in /Contents: the certificate chain and a timestamp token fit well within it. */
const SIGNATURE_BYTES = 16_384;

/** Signs what @signpdf hands over (the PDF without its /Contents) as a PAdES CAdES signature. */
class CadesSigner extends Signer {
  constructor(
    private readonly identity: SealIdentity,
    private readonly tsaUrl: string | undefined,
  ) {
    super();
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    const { tsaUrl } = this;
    return signedData({
      digest: createHash('sha256').update(pdf).digest(),
      signer: this.identity,
      timestamp: tsaUrl
        ? async (signature) =>
            requestTimestamp(tsaUrl, signature).catch((err: unknown) => {
              // B-B still proves who sealed what; a timestamp authority that is down must not stop a contract.
              console.warn(`[contracts] timestamp authority unavailable, sealing without a timestamp: ${(err as Error).message}`);
              return null;
            })
        : undefined,
    });
  }
}

export interface SealInfo {
  /** Why the document is sealed, shown by PDF readers. */
  reason: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
}

/**
 * The document's final bytes, sealed: a PAdES signature (ETSI.CAdES.detached; baseline B-B, or
 * B-T with CONTRACT_SEAL_TSA_URL) by the holder's sealing certificate over the whole file but the
 * signature itself, so any reader (and poppler's pdfsig) shows it valid and any change breaks it.
 */
export async function sealPdf(doc: PDFDocument, info: SealInfo): Promise<Buffer> {
  const identity = sealIdentity();
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: info.reason,
    contactInfo: info.contactInfo,
    name: identity.name,
    location: info.location,
    signingTime: info.signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: getConfig().systemTitle,
  });
  // The placeholder must be found as text in the file: no object streams.
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  return signpdf.sign(unsigned, new CadesSigner(identity, getConfig().contractSeal.tsaUrl));
}
