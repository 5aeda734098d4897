import { desc, eq, or } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { getConfig } from '../../config';
import { entryOf } from './status-list';
import type { Db } from '../db/client';
import { licenses, products } from '../db/entities-schema';
import { credentials } from '../db/platform-schema';
import { LICENSE_CREDENTIAL, type CredentialReason } from './license-document';
import { verifyCredentialJwt } from './verify-credential';
import { looksLikeReference, normaliseReference } from '../refs/format';
import { isKey } from './wallet';

export type PublicState = 'valid' | 'expired' | 'revoked' | 'not_yet_valid' | 'not_licensed';

export interface PublicVerification {
  state: PublicState;
  /** What was looked up: a product or a credential. */
  kind: 'product' | 'credential' | 'unknown';
  product: { key: string; name: string; reference: string } | null;
  /** The license's number (LIC-2026-0042), as printed on its contract. */
  license: { reference: string } | null;
  ip: { name: string } | null;
  licensee: { name: string } | null;
  territory: string[];
  term: { start: string; end: string } | null;
  credential: { key: string; issuedAt: string; revokedAt: string | null } | null;
  signature: boolean;
  /** How anyone checks the same credential with standard tools: its issuer DID, DID document and status list. */
  standard: { issuer: string; didDocument: string; statusList: string; statusListIndex: string } | null;
  checkedAt: string;
}

function publicState(reason: CredentialReason): PublicState {
  if (reason === 'valid' || reason === 'expired' || reason === 'revoked' || reason === 'not_yet_valid') return reason;
  return 'not_licensed';
}

/** Where a verifier outside the platform checks a credential whose signature held (OPERATIONS.md). */
function standardCheck(jwt: string): PublicVerification['standard'] {
  const payload = decodeJwt(jwt);
  const status = payload.credentialStatus as { statusListCredential?: unknown; statusListIndex?: unknown } | undefined;
  if (typeof payload.iss !== 'string' || !entryOf(status)) return null;
  return {
    issuer: payload.iss,
    didDocument: `${getConfig().appUrl}/.well-known/did.json`,
    statusList: String(status!.statusListCredential),
    statusListIndex: String(status!.statusListIndex),
  };
}

/**
 * GET /api/vc/verify/{id}, without sign-in: `id` is an approved product's key or a credential key.
 * The license credential behind it is verified now (holder signature, revocation in the database,
 * term), so a termination shows on the next request. Only names, territory and term are shown;
 * nothing about money or people.
 */
export async function verifyPublic(db: Db, id: unknown, now = new Date()): Promise<PublicVerification> {
  const base: PublicVerification = {
    state: 'not_licensed',
    kind: 'unknown',
    product: null,
    license: null,
    ip: null,
    licensee: null,
    territory: [],
    term: null,
    credential: null,
    signature: false,
    standard: null,
    checkedAt: now.toISOString(),
  };
  if (typeof id !== 'string' || (!isKey(id) && !looksLikeReference(id))) return base;
  let product: { key: string; name: string; reference: string } | null = null;
  let credentialKey: string | null = null;
  // A product is looked up by its key (the QR code) or by the reference printed on its label.
  const [found] = await db
    .select({
      key: products.key,
      name: products.name,
      reference: products.reference,
      state: products.state,
      license: products.license,
    })
    .from(products)
    .where(or(eq(products.key, id), eq(products.reference, normaliseReference(id))))
    .limit(1);
  if (found) {
    // A product is shown only once approved; before that it is nobody's business.
    if (found.state !== 'approved') return { ...base, kind: 'product' };
    product = { key: found.key, name: found.name, reference: found.reference };
    const [latest] = await db
      .select({ key: credentials.key })
      .from(credentials)
      .where(eq(credentials.subject, found.license))
      .orderBy(desc(credentials.issuedAt))
      .limit(1);
    credentialKey = latest?.key ?? null;
    if (!credentialKey) {
      const [license] = await db.select({ state: licenses.state }).from(licenses).where(eq(licenses.key, found.license)).limit(1);
      return { ...base, kind: 'product', product, state: license?.state === 'terminated' ? 'revoked' : 'not_licensed' };
    }
  } else if (isKey(id)) {
    credentialKey = id;
  } else {
    return base;
  }
  const [row] = await db
    .select({ key: credentials.key, jwt: credentials.jwt, type: credentials.type, issuedAt: credentials.issuedAt })
    .from(credentials)
    .where(eq(credentials.key, credentialKey))
    .limit(1);
  if (!row || row.type !== LICENSE_CREDENTIAL) return { ...base, kind: product ? 'product' : 'unknown', product };
  const verification = await verifyCredentialJwt(db, row.jwt, now);
  const licenseKey = (verification.claims as { license?: { key?: string } } | undefined)?.license?.key;
  const [license] = licenseKey
    ? await db.select({ reference: licenses.reference }).from(licenses).where(eq(licenses.key, licenseKey)).limit(1)
    : [];
  const claims = (verification.claims ?? {}) as {
    ip?: { name?: string };
    licensee?: { name?: string };
    territory?: string[];
    term?: { start: string; end: string };
  };
  const signature = verification.reason !== 'invalid_signature' && verification.reason !== 'malformed';
  return {
    state: publicState(verification.reason),
    kind: product ? 'product' : 'credential',
    product,
    license: license ? { reference: license.reference } : null,
    ip: claims.ip?.name !== undefined ? { name: claims.ip.name } : null,
    licensee: claims.licensee?.name !== undefined ? { name: claims.licensee.name } : null,
    territory: claims.territory ?? [],
    term: claims.term ?? null,
    credential: { key: row.key, issuedAt: row.issuedAt.toISOString(), revokedAt: verification.revokedAt ?? null },
    signature,
    standard: signature ? standardCheck(row.jwt) : null,
    checkedAt: verification.checkedAt,
  };
}
