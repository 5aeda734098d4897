import { and, asc, desc, eq, inArray, isNull, max } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { licenses } from '../db/entities-schema';
import { contracts, contractSignatures } from '../db/platform-schema';
import { logWorkflow, users } from '../db/schema';
import { newKey } from '../keys';
import { saveFile } from '../storage/save-file';
import { isBlobNotFound } from '../storage/blob-errors';
import { blobKey, isHash } from '../storage/blob-keys';
import { getBlobStore } from '../storage/blob-store';
import { contractDataOf, licenseRow, type ContractLang, type ContractTerms } from './contract-data';
// The PDF renderer (React PDF and its fonts) loads on the first contract, not with every flow import.
import type { AuditEvent, SignatureEntry } from './contract-pdf';
import { termsHashOf } from './terms';
import { sealPdf } from './seal/seal-pdf';
import { getConfig } from '../../config';

export type ContractRow = typeof contracts.$inferSelect;
export type SignatureRow = typeof contractSignatures.$inferSelect;

/** The owner recorded on files the platform itself writes (contract PDFs). */
export const SYSTEM_OWNER = 'system';

/**
 * The IP's picture as a small PNG for the PDF (react-pdf reads PNG and JPEG only); null when it
 * has none or it is unreadable. A store that cannot be reached fails the contract instead of
 * leaving the picture out of it.
 */
export async function ipImageFor(hash: string | null): Promise<{ data: Buffer; format: 'png' } | null> {
  if (!hash || !isHash(hash)) return null;
  const source = await readBlobIfStored(hash);
  if (!source) return null;
  try {
    const data = await sharp(source, { animated: false })
      .autoOrient()
      .resize({ width: 384, height: 384, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return { data, format: 'png' };
  } catch {
    return null;
  }
}

/** A stored file's bytes; BlobNotFoundError when they are missing. */
export async function readBlob(hash: string): Promise<Buffer> {
  return (await getBlobStore()).read(blobKey(hash));
}

/** A stored file's bytes, or null when they are missing (any other failure is thrown). */
export async function readBlobIfStored(hash: string): Promise<Buffer | null> {
  return readBlob(hash).catch((err: unknown) => {
    if (isBlobNotFound(err)) return null;
    throw err;
  });
}

/** The contract in force of a license: the newest revision not voided. */
export async function currentContract(db: Db, license: string): Promise<ContractRow | null> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.license, license), isNull(contracts.voidedAt)))
    .orderBy(desc(contracts.revision))
    .limit(1);
  return row ?? null;
}

export async function signaturesOf(db: Db, contract: string): Promise<SignatureRow[]> {
  return db
    .select()
    .from(contractSignatures)
    .where(eq(contractSignatures.contract, contract))
    .orderBy(asc(contractSignatures.signedAt));
}

/** Renders a contract revision, stores the PDF in the file store and records it. */
export async function createContract(
  tx: Db,
  input: { license: string; terms: ContractTerms; termsHash: string; lang: ContractLang },
): Promise<ContractRow> {
  const [last] = await tx
    .select({ revision: max(contracts.revision) })
    .from(contracts)
    .where(eq(contracts.license, input.license));
  const revision = (last?.revision ?? 0) + 1;
  const key = newKey();
  const generatedAt = new Date();
  const { renderContractPdf } = await import('./contract-pdf');
  const bytes = await renderContractPdf({
    contractKey: key,
    revision,
    generatedAt,
    terms: input.terms,
    lang: input.lang,
    ipImage: await ipImageFor(input.terms.ip.image),
  });
  const saved = await saveFile(tx, { bytes, name: `contract-${key}-r${revision}.pdf`, owner: SYSTEM_OWNER, lang: input.lang });
  const [row] = await tx
    .insert(contracts)
    .values({
      key,
      license: input.license,
      revision,
      lang: input.lang,
      state: 'generated',
      file: saved.hash,
      sha256: saved.hash,
      terms: input.terms as unknown as Record<string, unknown>,
      termsHash: input.termsHash,
      dateCreated: generatedAt,
      dateUpdated: generatedAt,
    })
    .returning();
  return row!;
}

/** Voids a contract revision and every signature on it. */
export async function voidContract(tx: Db, contract: ContractRow): Promise<void> {
  const now = new Date();
  await tx.update(contracts).set({ state: 'void', voidedAt: now, dateUpdated: now }).where(eq(contracts.key, contract.key));
  await tx
    .update(contractSignatures)
    .set({ voidedAt: now })
    .where(and(eq(contractSignatures.contract, contract.key), isNull(contractSignatures.voidedAt)));
}

/**
 * The contract of the license's current terms: the one in force when its terms hash still
 * matches, else a new revision (the old one voided with its signatures). The license row
 * keeps the key of the contract in force.
 */
export async function ensureLicenseContract(
  tx: Db,
  licenseKey: string,
  options: { lang?: ContractLang } = {},
): Promise<{ contract: ContractRow; created: boolean; voided: ContractRow | null }> {
  const license = await licenseRow(tx, licenseKey);
  const hash = termsHashOf(license);
  const current = await currentContract(tx, licenseKey);
  if (current && current.termsHash === hash && (!options.lang || options.lang === current.lang))
    return { contract: current, created: false, voided: null };
  if (current) await voidContract(tx, current);
  const data = await contractDataOf(tx, license);
  const contract = await createContract(tx, {
    license: licenseKey,
    terms: data.terms,
    termsHash: hash,
    lang: options.lang ?? data.lang,
  });
  await tx.update(licenses).set({ contract: contract.key }).where(eq(licenses.key, licenseKey));
  return { contract, created: true, voided: current };
}

async function peopleNames(tx: Db, subs: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(subs.filter((s) => s && s !== SYSTEM_OWNER))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ sub: users.sub, email: users.email, first: users.firstName, last: users.lastName, nickname: users.nickname })
    .from(users)
    .where(inArray(users.sub, wanted));
  return new Map(
    rows.map((u) => {
      const name = [u.last, u.first].filter(Boolean).join(' ') || u.nickname;
      return [u.sub, name ? `${name}\n${u.email}` : u.email];
    }),
  );
}

/**
 * The signed agreement: the exact pages that were signed, then a signature page (both
 * signatures with their images, names, times and addresses) and the audit trail.
 */
export async function finalizeContract(tx: Db, contract: ContractRow): Promise<ContractRow> {
  const signatures = (await signaturesOf(tx, contract.key)).filter((s) => !s.voidedAt);
  const licensee = signatures.find((s) => s.party === 'licensee');
  const holder = signatures.find((s) => s.party === 'holder');
  if (!licensee || !holder) return contract;
  const sends = contract.license
    ? await tx
        .select({ time: logWorkflow.time, sub: logWorkflow.sub })
        .from(logWorkflow)
        .where(and(eq(logWorkflow.key, contract.license), eq(logWorkflow.action, 'send_contract')))
        .orderBy(desc(logWorkflow.time))
        .limit(1)
    : [];
  const sent = sends[0] ?? null;
  const names = await peopleNames(tx, [licensee.signer, holder.signer, sent?.sub ?? '']);
  const now = new Date();
  const entries: SignatureEntry[] = [];
  for (const s of [licensee, holder]) {
    entries.push({
      party: s.party === 'holder' ? 'holder' : 'licensee',
      typedName: s.typedName,
      account: names.get(s.signer) ?? s.signer,
      signedAt: s.signedAt,
      ip: s.ip,
      userAgent: s.userAgent,
      sha256: s.sha256,
      image: s.image ? await readBlobIfStored(s.image) : null,
    });
  }
  const events: AuditEvent[] = [
    { time: contract.dateCreated, event: 'generated', actor: '', ip: null, sha256: contract.sha256 },
    ...(sent
      ? [{ time: sent.time, event: 'sent' as const, actor: names.get(sent.sub ?? '') ?? '', ip: null, sha256: contract.sha256 }]
      : []),
    {
      time: licensee.signedAt,
      event: 'signed',
      actor: names.get(licensee.signer) ?? licensee.signer,
      ip: licensee.ip,
      sha256: licensee.sha256,
    },
    {
      time: holder.signedAt,
      event: 'countersigned',
      actor: names.get(holder.signer) ?? holder.signer,
      ip: holder.ip,
      sha256: holder.sha256,
    },
    { time: now, event: 'finalized', actor: '', ip: null, sha256: null },
  ];
  const lang: ContractLang = contract.lang === 'en' ? 'en' : 'jp';
  const { renderSignaturePages } = await import('./contract-pdf');
  const appendix = await renderSignaturePages({
    contractKey: contract.key,
    revision: contract.revision,
    sha256: contract.sha256,
    lang,
    signatures: entries,
    events,
  });
  const merged = await PDFDocument.load(await readBlob(contract.file));
  const extra = await PDFDocument.load(appendix);
  for (const page of await merged.copyPages(extra, extra.getPageIndices())) merged.addPage(page);
  merged.setModificationDate(now);
  // Sealed by the holder's certificate: checkable outside the platform, and any change breaks it.
  const bytes = await sealPdf(merged, {
    reason:
      lang === 'jp'
        ? `契約書 ${contract.key} 第${contract.revision}版 締結済み`
        : `Contract ${contract.key} revision ${contract.revision}, signed`,
    location: getConfig().appUrl,
    contactInfo: getConfig().appUrl,
    signingTime: now,
  });
  const saved = await saveFile(tx, { bytes, name: `contract-${contract.key}-signed.pdf`, owner: SYSTEM_OWNER, lang });
  const [row] = await tx
    .update(contracts)
    .set({ finalFile: saved.hash, state: 'countersigned', dateUpdated: now })
    .where(eq(contracts.key, contract.key))
    .returning();
  return row!;
}
