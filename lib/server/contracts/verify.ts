import { sha256Hex } from './terms';
import type { ContractRow, SignatureRow } from './store';

/**
 * Whether a signature holds for these bytes: they are exactly the bytes signed (same SHA-256),
 * the signature belongs to this contract, and it was not voided by a later change of the terms.
 */
export function verifySignature(
  contract: Pick<ContractRow, 'key'>,
  signature: Pick<SignatureRow, 'contract' | 'sha256' | 'voidedAt'>,
  pdfBytes: Uint8Array,
): boolean {
  if (signature.voidedAt) return false;
  if (signature.contract !== contract.key) return false;
  return sha256Hex(Buffer.from(pdfBytes)) === signature.sha256;
}

/** The bytes with one byte flipped (the demo's tampering). */
export function tamperedCopy(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  const at = Math.floor(copy.length / 2);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}
