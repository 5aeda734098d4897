import { ALG } from '../../credentials/signing-keys';
import { LICENSE_CREDENTIAL, VC_TYP, VP_TYP } from '../../credentials/license-document';
import { anyObject, arrayOf, bool, dateTime, enumOf, extend, int, nullable, object, str, strings } from './kit';

/** Answers of the credentials routes (lib/server/credentials): schemas, issuance, wallet, proofs. */

/** lib/server/credentials/license-document.ts CredentialReason: what a credential is worth now. */
const CREDENTIAL_REASONS = ['valid', 'invalid_signature', 'malformed', 'unknown', 'revoked', 'expired', 'not_yet_valid'];

export const schemaSummary = object({
  key: str,
  name: str,
  version: str,
  issuer: str,
  enabled: bool,
  published: bool,
  meta: { ...anyObject, description: 'title, description, format; publishedAt once published' },
  dateCreated: dateTime,
  dateUpdated: dateTime,
});

export const issuerInfo = object({ id: str, jwksUri: str, alg: { const: ALG }, kid: str, schemas: strings });

/** The license facts a LicenseCredential carries as its credentialSubject. */
export const licenseClaims = object({
  license: object({ key: str, state: str }),
  ip: object({ key: str, name: str }),
  licensee: object({ key: str, name: str }),
  territory: strings,
  term: object({ start: str, end: str }),
});

export const credentialSummary = object({
  key: str,
  type: str,
  schema: nullable(str),
  format: str,
  issuer: str,
  subject: { type: 'string', description: 'The license key the credential is about' },
  claims: { ...anyObject, description: 'For a LicenseCredential: license, ip, licensee, territory, term' },
  state: { enum: ['active', 'revoked'], description: 'Recorded state' },
  status: { enum: CREDENTIAL_REASONS, description: 'What it is worth now (recorded state, license state and term)' },
  issuedAt: dateTime,
  expiresAt: nullable(dateTime),
  revokedAt: nullable(dateTime),
});

/** A verification made now; the optional fields are there once the signature held. */
export const verification = object(
  {
    valid: bool,
    reason: enumOf(CREDENTIAL_REASONS),
    key: { type: 'string', description: "The credential's key when the signature held and it names one of ours" },
    type: str,
    claims: anyObject,
    validFrom: nullable(dateTime),
    validUntil: nullable(dateTime),
    revokedAt: nullable(dateTime),
    checkedAt: dateTime,
  },
  ['key', 'type', 'claims', 'validFrom', 'validUntil', 'revokedAt'],
);

export const credentialDetail = extend(credentialSummary, { jwt: str, verification });
export const issuedCredential = extend(credentialSummary, { holder: str });
export const issuedCredentialDetail = extend(credentialDetail, { holder: str });

const proofQuery = object({ type: str, ip: str, licensee: str, purpose: str }, ['type', 'ip', 'licensee', 'purpose']);

/** The verifier's stored result: `{valid, reason}` alone when the presentation itself failed. */
const proofResult = object(
  {
    valid: bool,
    reason: str,
    credential: nullable(str),
    type: nullable(str),
    claims: nullable(anyObject),
    checkedAt: dateTime,
  },
  ['credential', 'type', 'claims', 'checkedAt'],
);

const proofState = {
  enum: ['requested', 'presented', 'failed', 'expired'],
  description: 'requested → presented (verified) | failed (presented, did not verify); expired while open',
};

export const proofView = object({
  key: str,
  nonce: str,
  verifier: str,
  query: proofQuery,
  state: proofState,
  open: bool,
  presenter: nullable(str),
  result: nullable(proofResult),
  dateCreated: dateTime,
  expiresAt: dateTime,
  presentedAt: nullable(dateTime),
});
export const proofWithPresentation = extend(proofView, { presentation: nullable({ type: 'string', description: 'The vp+jwt' }) });

/** The decoded vp+jwt payload (holder, nonce, enveloped credentials); null when there is none. */
const decodedPresentation = nullable({ ...anyObject, description: 'The decoded vp+jwt payload' });
export const proofWithDecoded = extend(proofWithPresentation, { vp: decodedPresentation });
export const proofListItem2 = extend(proofView, { vp: decodedPresentation });

export const presentOutcome = object({ request: proofView, presentation: { type: 'string', description: 'The vp+jwt' } });
export const presentOutcome2 = extend(presentOutcome, { vp: decodedPresentation });

export const proofResultView = object({
  key: str,
  state: proofState,
  presentedAt: nullable(dateTime),
  result: nullable(proofResult),
});

export const proofMatches = object({ request: proofView, items: arrayOf(credentialSummary) });
export const proofMatches2 = object({
  request: proofView,
  descriptors: arrayOf(
    object({
      id: { type: 'string', description: 'The requested credential type' },
      constraints: object({ ip: nullable(str), licensee: nullable(str) }),
      matches: arrayOf(credentialSummary),
    }),
  ),
});

export const walletList = object({
  items: arrayOf(object({ holder: str, email: nullable(str), total: int, active: int, lastIssuedAt: nullable(dateTime) })),
});

export const issueData0 = object({ type: { const: LICENSE_CREDENTIAL }, holder: nullable(str), claims: licenseClaims });
export const issueData1 = object({
  header: object({ alg: { const: ALG }, typ: { const: VC_TYP }, kid: str }),
  payload: { ...anyObject, description: 'The unsigned W3C credential and the JWT claims mirroring it' },
});

export const issuerPreferences = object({
  issuer: str,
  formats: strings,
  alg: { const: ALG },
  holderBinding: str,
  revocation: str,
  autoIssue: object({ on: str, revokeOn: strings }),
  schemas: strings,
});

/** A public signing key as published: P-256, with its key id. */
export const publicJwk = object({
  kty: { const: 'EC' },
  crv: { const: 'P-256' },
  x: str,
  y: str,
  kid: str,
  alg: { const: ALG },
  use: { const: 'sig' },
});

export const issuerIdentity = object({
  id: str,
  kid: str,
  alg: { const: ALG },
  publicKeyJwk: publicJwk,
  jwksUri: str,
  didDocument: str,
});

export const issuerConnection = object({
  issuer: str,
  formats: object({ credential: { const: VC_TYP }, presentation: { const: VP_TYP } }),
  endpoints: object({
    jwks: str,
    didDocument: str,
    statusList: str,
    verify: str,
    verifyPage: str,
    proofRequest: str,
    proofPresent: str,
    wallet: str,
  }),
});

export const publicVerification = object({
  state: enumOf(['valid', 'expired', 'revoked', 'not_yet_valid', 'not_licensed']),
  kind: { enum: ['product', 'credential', 'unknown'], description: 'What was looked up' },
  product: nullable(object({ key: str, name: str, reference: str })),
  license: nullable(object({ reference: str })),
  ip: nullable(object({ name: str })),
  licensee: nullable(object({ name: str })),
  territory: strings,
  term: nullable(object({ start: str, end: str })),
  credential: nullable(object({ key: str, issuedAt: dateTime, revokedAt: nullable(dateTime) })),
  signature: bool,
  standard: nullable(object({ issuer: str, didDocument: str, statusList: str, statusListIndex: str })),
  checkedAt: dateTime,
});

export const jwks = object({ keys: arrayOf(publicJwk) });
