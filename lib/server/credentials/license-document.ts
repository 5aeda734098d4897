/**
 * The LicenseCredential as a W3C Verifiable Credential (data model v2), secured as a JWT with
 * header `typ: vc+jwt` whose payload is the credential itself (VC-JOSE-COSE), plus the registered
 * claims iss, jti, iat, nbf, exp so ordinary JWT libraries read its validity. Pure: no I/O here.
 */
export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const LICENSE_CREDENTIAL = 'LicenseCredential';
export const VC_TYP = 'vc+jwt';
export const VP_TYP = 'vp+jwt';

export interface LicenseClaims {
  license: { key: string; state: string };
  ip: { key: string; name: string };
  licensee: { key: string; name: string };
  territory: string[];
  term: { start: string; end: string };
}

export interface LicenseDocumentInput {
  key: string;
  /** The issuer's DID (did:web of the site). */
  issuer: string;
  /** The site's address, under which the credential's schema is published. */
  baseUrl: string;
  /** Where a verifier reads whether it was revoked: a BitstringStatusListEntry. */
  credentialStatus: Record<string, unknown>;
  claims: LicenseClaims;
  issuedAt: Date;
}

export function credentialId(key: string): string {
  return `urn:ipl:credential:${key}`;
}

export function keyOfCredentialId(id: unknown): string | null {
  if (typeof id !== 'string') return null;
  const match = /^urn:ipl:credential:([A-Za-z0-9]{1,64})$/.exec(id);
  return match ? match[1]! : null;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The JWT payload of a license credential: the VC document and the JWT claims mirroring it. */
export function licenseCredentialPayload(input: LicenseDocumentInput): Record<string, unknown> {
  const { key, issuer, baseUrl, credentialStatus, claims, issuedAt } = input;
  const validFrom = new Date(claims.term.start);
  const validUntil = new Date(claims.term.end);
  return {
    '@context': [VC_CONTEXT],
    id: credentialId(key),
    type: ['VerifiableCredential', LICENSE_CREDENTIAL],
    issuer,
    validFrom: validFrom.toISOString(),
    validUntil: validUntil.toISOString(),
    credentialSubject: { id: `urn:ipl:licensee:${claims.licensee.key}`, ...claims },
    credentialStatus,
    credentialSchema: { id: `${baseUrl}/api/core/schema/get/${LICENSE_CREDENTIAL}`, type: 'JsonSchema' },
    iss: issuer,
    jti: credentialId(key),
    sub: `urn:ipl:licensee:${claims.licensee.key}`,
    iat: seconds(issuedAt),
    nbf: seconds(validFrom),
    exp: seconds(validUntil),
  };
}

export type CredentialReason = 'valid' | 'invalid_signature' | 'malformed' | 'unknown' | 'revoked' | 'expired' | 'not_yet_valid';

/**
 * What a well-signed credential's status is now. A revoked credential whose license expired reads
 * `expired` (the term ran out), any other revoked one `revoked` (the license was terminated or the
 * credential reissued); an unrevoked one is judged by its validity period.
 */
export function credentialStatus(options: {
  revoked: boolean;
  licenseState?: string | null;
  validFrom?: Date | null;
  validUntil?: Date | null;
  now: Date;
}): CredentialReason {
  const { revoked, licenseState, validFrom, validUntil, now } = options;
  if (revoked) return licenseState === 'expired' ? 'expired' : 'revoked';
  if (licenseState === 'expired') return 'expired';
  if (licenseState === 'terminated') return 'revoked';
  if (validUntil && validUntil.getTime() < now.getTime()) return 'expired';
  if (validFrom && validFrom.getTime() > now.getTime()) return 'not_yet_valid';
  return 'valid';
}

/** Does a credential's claims satisfy a proof request's query (type, ip, licensee)? */
export function matchesQuery(
  credential: { type: string; claims: Record<string, unknown> },
  query: { type?: string; ip?: string; licensee?: string },
): boolean {
  if (query.type && credential.type !== query.type) return false;
  const ref = (name: 'ip' | 'licensee') => {
    const value = credential.claims[name];
    return value && typeof value === 'object' ? (value as { key?: unknown }).key : undefined;
  };
  if (query.ip && ref('ip') !== query.ip) return false;
  if (query.licensee && ref('licensee') !== query.licensee) return false;
  return true;
}
