import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { validateInput } from '../common/validate-input';
import { renderPdf } from '../pdf/render';
import type { Db } from '../db/client';
import { viewerOf } from '../entities/viewer';
import { contentDisposition } from '../storage/send-file';
import { contractInView } from './access';
import { contractAttributes, type ContractAttributes } from './attributes';
import { withReferences, type ContractLang, type ContractTerms } from './contract-data';
import { ipImageFor, readBlobIfStored, signaturesOf, type ContractRow } from './store';
import { sha256Hex } from './terms';
import { tamperedCopy, verifySignature } from './verify';

/** A revision whose PDF is still being made (its contract.render job has not run). */
function beingPrepared(): never {
  throw new AppError('not_found', 'the contract is being prepared; try again shortly');
}

/** Missing bytes are "not found"; a store that cannot be reached stays an error of its own (503). */
function orContractNotFound(bytes: Buffer | null): Buffer {
  if (!bytes) throw new AppError('not_found', 'contract file not found');
  return bytes;
}

/** A courtesy copy of an unsigned contract in the other language, marked as not binding (nothing stored). */
async function referenceCopy(db: Db, contract: ContractRow, lang: ContractLang): Promise<Buffer> {
  const terms = await withReferences(db, contract.terms as unknown as ContractTerms);
  return renderPdf({
    kind: 'contract',
    input: {
      contractNumber: terms.reference,
      revision: contract.revision,
      generatedAt: contract.dateCreated,
      terms,
      lang,
      ipImage: await ipImageFor(terms.ip?.image ?? null),
      reference: { lang: contract.lang === 'en' ? 'en' : 'jp', sha256: contract.sha256 ?? '' },
    },
  });
}

/**
 * GET /api/pdf/{id}: the contract PDF (?final=1: the signed agreement) to its parties, holder
 * staff and admins. ?lang= other than the contract's own language answers a reference
 * translation of the unsigned contract, marked as such; signatures are given on the original.
 */
export async function sendContractPdf(
  db: Db,
  caller: Caller,
  res: ServerResponse,
  id: unknown,
  final: unknown,
  langParam?: unknown,
): Promise<void> {
  const viewer = await viewerOf(db, caller);
  const { contract } = await contractInView(db, viewer, id);
  const wantFinal = final === '1' || final === 'true';
  if (!contract.file) beingPrepared();
  const hash = wantFinal ? contract.finalFile : contract.file;
  if (!hash) throw new AppError('not_found', 'the signed agreement does not exist yet');
  const translated = !wantFinal && (langParam === 'jp' || langParam === 'en') && langParam !== contract.lang;
  const pdf = translated
    ? await referenceCopy(db, contract, langParam as ContractLang)
    : await readBlobIfStored(hash).then(orContractNotFound);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('Cache-Control', 'private, no-store');
  if (!translated) res.setHeader('X-Content-SHA256', hash);
  const suffix = wantFinal ? '-signed' : translated ? `-${String(langParam)}-reference` : '';
  const { reference } = await withReferences(db, contract.terms as unknown as ContractTerms);
  res.setHeader('Content-Disposition', contentDisposition('inline', `contract-${reference}-r${contract.revision}${suffix}.pdf`));
  res.end(pdf);
}

export async function getContractAttributes(db: Db, caller: Caller, id: unknown): Promise<ContractAttributes> {
  const viewer = await viewerOf(db, caller);
  return contractAttributes(db, viewer, await contractInView(db, viewer, id));
}

/** Body of POST /api/pdf/verify/{id}. */
export const verifyInput = z.object({ tamper: z.boolean().optional() }).strict();

export interface VerifyResult {
  sha256: string;
  checkedSha256: string;
  tampered: boolean;
  verified: boolean;
  signatures: { party: string; signerName: string; sha256: string; voided: boolean; valid: boolean }[];
}

/**
 * POST /api/pdf/verify/{id}: checks every signature against the stored contract bytes, or
 * against a copy with one byte flipped ({tamper: true}), which no signature may survive.
 */
export async function verifyContract(db: Db, caller: Caller, id: unknown, body: unknown): Promise<VerifyResult> {
  const input = validateInput(verifyInput, body ?? {}, caller.lang);
  const viewer = await viewerOf(db, caller);
  const { contract } = await contractInView(db, viewer, id);
  if (!contract.file || !contract.sha256) beingPrepared();
  const original = orContractNotFound(await readBlobIfStored(contract.file));
  const bytes = input.tamper ? tamperedCopy(original) : original;
  const signatures = await signaturesOf(db, contract.key);
  const checks = signatures.map((s) => ({
    party: s.party,
    signerName: s.typedName,
    sha256: s.sha256,
    voided: s.voidedAt !== null,
    valid: verifySignature(contract, s, bytes),
  }));
  return {
    sha256: contract.sha256,
    checkedSha256: sha256Hex(bytes),
    tampered: input.tamper === true,
    verified: checks.length > 0 && checks.every((c) => c.valid),
    signatures: checks,
  };
}
