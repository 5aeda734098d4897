import { eq } from 'drizzle-orm';
import { compactVerify, decodeProtectedHeader, importJWK } from 'jose';
import type { Db } from '../db/client';
import { licenses } from '../db/entities-schema';
import { credentials } from '../db/platform-schema';
import { credentialStatus, keyOfCredentialId, VC_TYP, type CredentialReason } from './license-document';
import { ALG, verificationKey } from './signing-keys';
import { entryOf, isEntryRevoked } from './status-list';

export interface Verification {
  valid: boolean;
  reason: CredentialReason;
  /** The credential's key when the signature held and it names one of ours. */
  key?: string;
  type?: string;
  claims?: Record<string, unknown>;
  validFrom?: string | null;
  validUntil?: string | null;
  revokedAt?: string | null;
  checkedAt: string;
}

/** Checks the signature against the holder's public keys (current or retired, by kid) only: the decoded payload, or null. */
export async function verifySignature(jwt: string): Promise<Record<string, unknown> | null> {
  try {
    const header = decodeProtectedHeader(jwt);
    if (header.alg !== ALG || header.typ !== VC_TYP) return null;
    const publicJwk = await verificationKey('holder-vc', header.kid);
    if (!publicJwk) return null;
    const { payload } = await compactVerify(jwt, await importJWK(publicJwk, ALG));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Revoked or not, read as an outside verifier would: the bit of the credential's entry in its
 * Bitstring Status List (built from the database now, no cache). A credential signed before status
 * lists existed has no entry; its row's state is what it always was.
 */
async function isRevoked(db: Db, payload: Record<string, unknown>, rowState: string): Promise<boolean> {
  const entry = entryOf(payload.credentialStatus);
  return entry ? isEntryRevoked(db, entry) : rowState === 'revoked';
}

/**
 * Verifies a credential JWT at this moment: the holder's signature, then its revocation bit in the
 * status list and the validity period.
 */
export async function verifyCredentialJwt(db: Db, jwt: unknown, now = new Date()): Promise<Verification> {
  const checkedAt = now.toISOString();
  if (typeof jwt !== 'string' || jwt.split('.').length !== 3 || jwt.length > 20_000) {
    return { valid: false, reason: 'malformed', checkedAt };
  }
  const payload = await verifySignature(jwt);
  if (!payload) return { valid: false, reason: 'invalid_signature', checkedAt };
  const key = keyOfCredentialId(payload.id);
  if (!key) return { valid: false, reason: 'unknown', checkedAt };
  const [row] = await db
    .select({
      key: credentials.key,
      type: credentials.type,
      state: credentials.state,
      claims: credentials.claims,
      revokedAt: credentials.revokedAt,
      licenseState: licenses.state,
    })
    .from(credentials)
    .leftJoin(licenses, eq(licenses.key, credentials.subject))
    .where(eq(credentials.key, key))
    .limit(1);
  if (!row) return { valid: false, reason: 'unknown', checkedAt };
  const validFrom = dateOf(payload.validFrom);
  const validUntil = dateOf(payload.validUntil);
  const reason = credentialStatus({
    revoked: await isRevoked(db, payload, row.state),
    licenseState: row.licenseState,
    validFrom,
    validUntil,
    now,
  });
  return {
    valid: reason === 'valid',
    reason,
    key: row.key,
    type: row.type,
    claims: row.claims,
    validFrom: validFrom?.toISOString() ?? null,
    validUntil: validUntil?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    checkedAt,
  };
}
