import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contracts } from '../db/platform-schema';
import type { Viewer } from '../entities/viewer';
import { isDemo, mayCountersign, type ContractInView } from './access';
import type { TermsVersions } from './terms';
import { termsHashOf } from './terms';
import { signaturesOf, type ContractRow, type SignatureRow } from './store';

export type Party = 'licensee' | 'holder';

export interface SignatureAttributes {
  party: string;
  signer: string;
  signerName: string;
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
  sha256: string;
  voided: boolean;
  voidedAt: string | null;
}

export interface ContractAttributes {
  key: string;
  license: string | null;
  licenseState: string | null;
  revision: number;
  lang: string;
  state: string;
  /** Null while the revision is being prepared. */
  sha256: string | null;
  finalSha256: string | null;
  /** The PDF of this revision is being made (a job after the step that asked for it); pages poll until it is there. */
  preparing: boolean;
  /** Countersigned, and the signed agreement is being made. */
  finalPreparing: boolean;
  demo: boolean;
  voided: boolean;
  voidedAt: string | null;
  dateCreated: string;
  termsVersions: TermsVersions;
  termsHash: string;
  /** The license's contractual fields no longer match the ones this revision was made from. */
  termsChanged: boolean;
  signatures: SignatureAttributes[];
  /** Whose signature the contract waits for (null: none, or void). */
  nextParty: Party | null;
  /** The caller may give that signature now. */
  canSign: boolean;
  revisions: { key: string; revision: number; state: string; voidedAt: string | null }[];
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

function signatureAttributes(s: SignatureRow): SignatureAttributes {
  return {
    party: s.party,
    signer: s.signer,
    signerName: s.typedName,
    signedAt: s.signedAt.toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
    sha256: s.sha256,
    voided: s.voidedAt !== null,
    voidedAt: iso(s.voidedAt),
  };
}

/** Whose signature an unvoided contract waits for. */
export function nextPartyOf(
  contract: ContractRow,
  license: Record<string, unknown> | null,
  signatures: SignatureRow[],
): Party | null {
  if (contract.voidedAt) return null;
  const signed = new Set(signatures.filter((s) => !s.voidedAt).map((s) => s.party));
  if (!license) return !signed.has('licensee') ? 'licensee' : !signed.has('holder') ? 'holder' : null;
  if (license.state === 'contract_sent' && !signed.has('licensee')) return 'licensee';
  if (license.state === 'signed' && !signed.has('holder')) return 'holder';
  return null;
}

export async function mayGive(db: Db, viewer: Viewer, party: Party, license: Record<string, unknown> | null): Promise<boolean> {
  if (!license) return viewer.admin;
  if (party === 'licensee') return viewer.licensees.includes(String(license.licensee));
  return mayCountersign(db, viewer);
}

/** GET /api/pdf/attr/{id}: the contract's attributes, signatures and what the caller may do. */
export async function contractAttributes(db: Db, viewer: Viewer, view: ContractInView): Promise<ContractAttributes> {
  const { contract, license } = view;
  const signatures = await signaturesOf(db, contract.key);
  const next = nextPartyOf(contract, license, signatures);
  const revisions = await db
    .select({ key: contracts.key, revision: contracts.revision, state: contracts.state, voidedAt: contracts.voidedAt })
    .from(contracts)
    .where(eq(contracts.license, contract.license))
    .orderBy(desc(contracts.revision));
  const terms = contract.terms as { termsVersions?: TermsVersions };
  return {
    key: contract.key,
    license: license ? contract.license : null,
    licenseState: license ? String(license.state) : null,
    revision: contract.revision,
    lang: contract.lang,
    state: contract.state,
    sha256: contract.sha256,
    finalSha256: contract.finalFile,
    preparing: !contract.file && !contract.voidedAt,
    finalPreparing: contract.state === 'countersigned' && !contract.finalFile && !contract.voidedAt,
    demo: isDemo(contract),
    voided: contract.voidedAt !== null,
    voidedAt: iso(contract.voidedAt),
    dateCreated: contract.dateCreated.toISOString(),
    termsVersions: terms.termsVersions ?? { common: null, licensee: null },
    termsHash: contract.termsHash,
    termsChanged: license ? termsHashOf(license) !== contract.termsHash : false,
    signatures: signatures.map(signatureAttributes),
    nextParty: next,
    canSign: next !== null && contract.file !== null && (await mayGive(db, viewer, next, license)),
    revisions: isDemo(contract) ? [] : revisions.map((r) => ({ ...r, voidedAt: iso(r.voidedAt) })),
  };
}
