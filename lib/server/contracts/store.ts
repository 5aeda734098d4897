import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
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
import { contractDataOf, withReferences, type ContractLang, type ContractTerms } from './contract-data';

type Row = Record<string, unknown>;
import type { AuditEvent, SignatureEntry } from './contract-pdf';
import { renderPdf } from '../pdf/render';
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

export interface ContractDraft {
  key: string;
  license: string;
  revision: number;
  generatedAt: Date;
  terms: ContractTerms;
  termsHash: string;
  lang: ContractLang;
}

/**
 * The PDF of a contract revision (no database: runs outside any transaction). Its number is the
 * license's reference, which the draft's terms carry (see withReferences for older revisions).
 */
export async function renderContract(draft: ContractDraft): Promise<Buffer> {
  return renderPdf({
    kind: 'contract',
    input: {
      contractNumber: draft.terms.reference ?? '',
      revision: draft.revision,
      generatedAt: draft.generatedAt,
      terms: draft.terms,
      lang: draft.lang,
      ipImage: await ipImageFor(draft.terms.ip.image),
    },
  });
}

/** Stores a rendered revision in the file store and records it, in the caller's (short) transaction. */
export async function recordContract(tx: Db, draft: ContractDraft, bytes: Buffer): Promise<ContractRow> {
  const saved = await saveFile(tx, {
    bytes,
    name: `contract-${draft.terms.reference ?? draft.key}-r${draft.revision}.pdf`,
    owner: SYSTEM_OWNER,
    lang: draft.lang,
  });
  const [row] = await tx
    .insert(contracts)
    .values({
      key: draft.key,
      license: draft.license,
      revision: draft.revision,
      lang: draft.lang,
      state: 'generated',
      file: saved.hash,
      sha256: saved.hash,
      terms: draft.terms as unknown as Record<string, unknown>,
      termsHash: draft.termsHash,
      dateCreated: draft.generatedAt,
      dateUpdated: draft.generatedAt,
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

/** How a recording step is committed: in a transaction of its own, or with a job's completion. */
export type Commit<T> = (record: (tx: Db) => Promise<T>) => Promise<T>;

function ownTransaction<T>(db: Db): Commit<T> {
  return (record) => db.transaction((tx) => record(tx as unknown as Db));
}

/**
 * Renders a revision that is being prepared and records its PDF (the contract.render job): the
 * PDF is made with no lock held, from the terms recorded when the revision was asked for; one
 * short step then locks the row and fills it in, unless it was voided or filled in meanwhile.
 */
export async function renderPreparedContract(
  db: Db,
  key: string,
  commit?: Commit<ContractRow | null>,
): Promise<ContractRow | null> {
  const [row] = await db.select().from(contracts).where(eq(contracts.key, key));
  if (!row || row.voidedAt || row.file) return row ?? null;
  const terms = await withReferences(db, row.terms as unknown as ContractTerms);
  const bytes = await renderContract({
    key: row.key,
    license: row.license,
    revision: row.revision,
    generatedAt: row.dateCreated,
    terms,
    termsHash: row.termsHash,
    lang: row.lang === 'en' ? 'en' : 'jp',
  });
  return (commit ?? ownTransaction<ContractRow | null>(db))(async (tx) => {
    const [locked] = await tx.select().from(contracts).where(eq(contracts.key, key)).for('update');
    if (!locked || locked.voidedAt || locked.file) return locked ?? null;
    const saved = await saveFile(tx, {
      bytes,
      name: `contract-${terms.reference}-r${row.revision}.pdf`,
      owner: SYSTEM_OWNER,
      lang: row.lang === 'en' ? 'en' : 'jp',
    });
    const [filled] = await tx
      .update(contracts)
      .set({ file: saved.hash, sha256: saved.hash, state: 'generated', dateUpdated: new Date() })
      .where(eq(contracts.key, key))
      .returning();
    return filled!;
  });
}

/**
 * A new revision of a license's contract, being prepared: its key, number, language and terms
 * are fixed now, in the caller's transaction (the license row is locked by the step that asks);
 * the PDF follows from a contract.render job after the commit.
 */
export async function prepareContract(tx: Db, license: Row, lang?: ContractLang): Promise<ContractRow> {
  const licenseKey = String(license.key);
  const data = await contractDataOf(tx, license);
  const now = new Date();
  const [row] = await tx
    .insert(contracts)
    .values({
      key: newKey(),
      license: licenseKey,
      // The next revision number, counted in the insert itself (the license row is locked).
      revision: sql<number>`(select coalesce(max(${contracts.revision}), 0) + 1 from ${contracts} where ${contracts.license} = ${licenseKey})`,
      lang: lang ?? data.lang,
      state: 'preparing',
      file: null,
      sha256: null,
      terms: data.terms as unknown as Record<string, unknown>,
      termsHash: termsHashOf(license),
      dateCreated: now,
      dateUpdated: now,
    })
    .returning();
  await tx.update(licenses).set({ contract: row!.key }).where(eq(licenses.key, licenseKey));
  return row!;
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
 * The bytes of the signed agreement: the exact pages that were signed, then a signature page
 * (both signatures with their images, names, times and addresses) and the audit trail; null
 * while a signature is missing. Reads and renders only (outside any transaction).
 */
export async function finalContractBytes(
  tx: Db,
  contract: ContractRow,
): Promise<{ bytes: Buffer; lang: ContractLang; now: Date; reference: string } | null> {
  const signatures = (await signaturesOf(tx, contract.key)).filter((s) => !s.voidedAt);
  const licensee = signatures.find((s) => s.party === 'licensee');
  const holder = signatures.find((s) => s.party === 'holder');
  if (!licensee || !holder) return null;
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
  const { reference } = await withReferences(tx, contract.terms as unknown as ContractTerms);
  const appendix = await renderPdf({
    kind: 'signature-pages',
    input: {
      contractNumber: reference,
      revision: contract.revision,
      sha256: contract.sha256!,
      lang,
      signatures: entries,
      events,
    },
  });
  const merged = await PDFDocument.load(await readBlob(contract.file!));
  const extra = await PDFDocument.load(appendix);
  for (const page of await merged.copyPages(extra, extra.getPageIndices())) merged.addPage(page);
  merged.setModificationDate(now);
  // Sealed by the holder's certificate: checkable outside the platform, and any change breaks it.
  const bytes = await sealPdf(merged, {
    reason:
      lang === 'jp'
        ? `契約書 ${reference} 第${contract.revision}版 締結済み`
        : `Contract ${reference} revision ${contract.revision}, signed`,
    location: getConfig().appUrl,
    contactInfo: getConfig().appUrl,
    signingTime: now,
  });
  return { bytes, lang, now, reference };
}

/**
 * Makes the signed agreement of a countersigned contract (the contract.finalize job): rendered
 * with no lock held, recorded in one short step that keeps a signed agreement made meanwhile.
 */
export async function finalizeContract(db: Db, contract: ContractRow, commit?: Commit<ContractRow>): Promise<ContractRow> {
  if (contract.finalFile) return contract;
  const final = await finalContractBytes(db, contract);
  if (!final) return contract;
  const { bytes, lang, now, reference } = final;
  return (commit ?? ownTransaction<ContractRow>(db))(async (tx) => {
    const [locked] = await tx.select().from(contracts).where(eq(contracts.key, contract.key)).for('update');
    if (!locked || locked.finalFile || locked.voidedAt) return locked ?? contract;
    const saved = await saveFile(tx, { bytes, name: `contract-${reference}-signed.pdf`, owner: SYSTEM_OWNER, lang });
    const [row] = await tx
      .update(contracts)
      .set({ finalFile: saved.hash, state: 'countersigned', dateUpdated: now })
      .where(eq(contracts.key, contract.key))
      .returning();
    return row!;
  });
}
