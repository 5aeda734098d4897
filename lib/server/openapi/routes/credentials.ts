import {
  issueCredInput,
  proofPresentInput,
  proofRequestInput,
  schemaPublishInput,
  schemaToggleInput,
  vcIssueInput,
  verifyInput,
  walletQueryInput,
} from '../../credentials/inputs';
import type { RouteDoc } from '../route-docs';
import * as out from '../outputs/credentials';
import { anyObject, arrayOf, extend, int, object, str } from '../outputs/kit';

const admin = 'calbee:admin';

const exampleDid = 'did:web:ip.example';
const didDocumentExample = {
  '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
  id: exampleDid,
  verificationMethod: [
    {
      id: `${exampleDid}#holder-vc-mf3k2a1`,
      type: 'JsonWebKey2020',
      controller: exampleDid,
      publicKeyJwk: {
        kty: 'EC',
        crv: 'P-256',
        x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
        y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
        alg: 'ES256',
      },
    },
  ],
  assertionMethod: [`${exampleDid}#holder-vc-mf3k2a1`],
};
const didDocumentSchema = {
  type: 'object',
  required: ['id', 'verificationMethod', 'assertionMethod'],
  properties: {
    '@context': { type: 'array', items: { type: 'string' } },
    id: { type: 'string', examples: [exampleDid] },
    verificationMethod: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'type', 'controller', 'publicKeyJwk'],
        properties: {
          id: { type: 'string' },
          type: { const: 'JsonWebKey2020' },
          controller: { type: 'string' },
          publicKeyJwk: { type: 'object' },
        },
      },
    },
    assertionMethod: { type: 'array', items: { type: 'string' } },
  },
};
// A BitstringStatusListCredential JWT (header and payload shortened, signature elided).
const statusListExample =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6InZjK2p3dCIsImtpZCI6ImRpZDp3ZWI6aXAuZXhhbXBsZSNob2xkZXItdmMtbWYzazJhMSJ9.eyJ0eXBlIjpbIlZlcmlmaWFibGVDcmVkZW50aWFsIiwiQml0c3RyaW5nU3RhdHVzTGlzdENyZWRlbnRpYWwiXX0.c2lnbmF0dXJl';
const productStaff = 'calbee:admin, calbee:<product>';
const holderStaff = 'calbee:admin, calbee:boss, calbee:<product>';

/**
 * Routes of the credentials area (W3C VC data model v2 as `vc+jwt`, signed with the holder key whose
 * public half is at /api/vc/jwks), documented with the zod schemas their handlers validate with.
 */
export function credentialsRoutes(): RouteDoc[] {
  const tag = 'credentials';
  return [
    // Credential schemas.
    {
      path: '/api/core/schema/list',
      method: 'get',
      summary: 'Credential schemas: administrators see all, anyone signed in the enabled and published ones',
      tag,
      output: object({ items: arrayOf(out.schemaSummary) }),
    },
    {
      path: '/api/core/schema/issuers',
      method: 'get',
      summary: 'Issuers of the visible schemas with their JWKS address and key id',
      tag,
      output: object({ items: arrayOf(out.issuerInfo) }),
    },
    {
      path: '/api/core/schema/meta/{id}',
      method: 'get',
      summary: 'A schema’s name, version, issuer, flags, meta (title, description, format) and how many credentials it issued',
      tag,
      output: extend(out.schemaSummary, { issued: int }),
    },
    {
      path: '/api/core/schema/get/{id}',
      method: 'get',
      summary: 'A schema with the JSON Schema of its credentialSubject',
      tag,
      output: extend(out.schemaSummary, { schema: { ...anyObject, description: 'The JSON Schema of credentialSubject' } }),
    },
    {
      path: '/api/core/schema/enable/{id}',
      method: 'post',
      summary: 'Enable a schema: credentials are issued from it again (including on license activation)',
      tag,
      input: schemaToggleInput,
      acl: admin,
      output: out.schemaSummary,
    },
    {
      path: '/api/core/schema/disable/{id}',
      method: 'post',
      summary: 'Disable a schema: nothing is issued from it (license activations then issue no credential)',
      tag,
      input: schemaToggleInput,
      acl: admin,
      output: out.schemaSummary,
    },
    {
      path: '/api/core/schema/publish/{id}',
      method: 'post',
      summary: 'Publish a schema to non-administrators (`published: false` withdraws it)',
      tag,
      input: schemaPublishInput,
      acl: admin,
      output: out.schemaSummary,
    },
    // Verifier side.
    {
      path: '/api/core/query/request',
      method: 'post',
      summary: 'A verifier opens a proof request (type, optional ip/licensee) and receives its one-time nonce',
      tag,
      input: proofRequestInput,
      output: out.proofView,
    },
    {
      path: '/api/core/query/proof/{id}',
      method: 'get',
      summary: 'The verifier reads what was proved for a request: state and result',
      tag,
      output: out.proofResultView,
    },
    {
      path: '/api/core/query/get/{id}',
      method: 'get',
      summary: 'A proof request in full, with the presentation JWT (its verifier or an administrator)',
      tag,
      output: out.proofWithPresentation,
    },
    {
      path: '/api/core/query/list',
      method: 'get',
      summary: 'Proof requests the caller opened (administrators: all), newest first',
      tag,
      output: object({ items: arrayOf(out.proofView) }),
    },
    {
      path: '/api/core/query/wallet',
      method: 'get',
      summary: 'Every wallet holding credentials, with counts',
      tag,
      acl: admin,
      output: out.walletList,
    },
    {
      path: '/api/core/query/wallet/of/{sub}',
      method: 'get',
      summary: 'The credentials one user holds',
      tag,
      acl: admin,
      output: object({ holder: str, items: arrayOf(out.credentialSummary) }),
    },
    // Presentation.
    {
      path: '/api/core/proof/request',
      method: 'post',
      summary: 'Open a proof request (same as /query/request): answers key, nonce, expiresAt',
      tag,
      input: proofRequestInput,
      output: out.proofView,
    },
    {
      path: '/api/core/proof/present',
      method: 'post',
      summary:
        'Present a wallet credential for a nonce: the platform signs a vp+jwt for the caller with the nonce; the verifier checks signature, nonce, revocation and term and stores the result. A nonce answers once (replay: status 5, HTTP 409)',
      tag,
      input: proofPresentInput,
      output: out.presentOutcome,
    },
    // Issuer.
    {
      path: '/api/core/issue/cred',
      method: 'post',
      summary: 'Issue a credential from a schema for a subject (an active license key) to its holder, revoking an earlier one',
      tag,
      input: issueCredInput,
      acl: productStaff,
      output: out.credentialDetail,
    },
    {
      path: '/api/core/issue/pref',
      method: 'get',
      summary: 'Issuer preferences: formats, algorithm, holder binding, revocation, auto-issue rules',
      tag,
      output: out.issuerPreferences,
    },
    {
      path: '/api/core/issue/id',
      method: 'get',
      summary: 'The issuer identifier and the public JWK its credentials verify with',
      tag,
      output: out.issuerIdentity,
    },
    {
      path: '/api/core/issue/data/0',
      method: 'post',
      summary: 'Step 0 of an issuance: the claims and holder a credential for this subject would carry now (nothing written)',
      tag,
      input: issueCredInput,
      acl: productStaff,
      output: out.issueData0,
    },
    {
      path: '/api/core/issue/data/1',
      method: 'post',
      summary: 'Step 1 of an issuance: the complete unsigned credential (JWS header and payload) /issue/cred would sign',
      tag,
      input: issueCredInput,
      acl: productStaff,
      output: out.issueData1,
    },
    {
      path: '/api/core/issue/conn',
      method: 'get',
      summary: 'Connection info: issuer, formats and the JWKS, verify, proof and wallet endpoints',
      tag,
      output: out.issuerConnection,
    },
    // Wallet.
    {
      path: '/api/core/wallet/cred/list',
      method: 'get',
      summary:
        'The caller’s credentials: held by the caller, plus the license credentials of the caller’s licensee organisations',
      tag,
      output: object({ items: arrayOf(out.credentialSummary) }),
    },
    {
      path: '/api/core/wallet/cred/query',
      method: 'post',
      summary: 'The caller’s credentials filtered by type, status, license, ip or licensee',
      tag,
      input: walletQueryInput,
      output: object({ items: arrayOf(out.credentialSummary) }),
    },
    {
      path: '/api/core/wallet/cred/get/{id}',
      method: 'get',
      summary: 'One wallet credential with its JWT and a verification made now',
      tag,
      output: out.credentialDetail,
    },
    {
      path: '/api/core/wallet/issue/list',
      method: 'get',
      summary: 'Credentials issued by this issuer (holder staff issue on its behalf)',
      tag,
      acl: holderStaff,
      output: object({ items: arrayOf(out.issuedCredential) }),
    },
    {
      path: '/api/core/wallet/issue/get/{id}',
      method: 'get',
      summary: 'One issued credential with JWT, holder and verification',
      tag,
      acl: holderStaff,
      output: out.issuedCredentialDetail,
    },
    {
      path: '/api/core/wallet/proof/list',
      method: 'get',
      summary: 'Presentations the caller made',
      tag,
      output: object({ items: arrayOf(out.proofView) }),
    },
    {
      path: '/api/core/wallet/proof/matches/{id}',
      method: 'get',
      summary: 'For a proof request (id = its nonce): the request and the caller’s credentials that match it',
      tag,
      output: out.proofMatches,
    },
    {
      path: '/api/core/wallet/proof/get/{id}',
      method: 'get',
      summary: 'One presentation the caller made, with its vp+jwt',
      tag,
      output: out.proofWithPresentation,
    },
    {
      path: '/api/core/wallet/proof2/list',
      method: 'get',
      summary: 'Presentations the caller made, with the decoded W3C presentation',
      tag,
      output: object({ items: arrayOf(out.proofListItem2) }),
    },
    {
      path: '/api/core/wallet/proof2/matches/{id}',
      method: 'get',
      summary: 'Matches for a request (id = nonce) grouped per requested type as input descriptors',
      tag,
      output: out.proofMatches2,
    },
    {
      path: '/api/core/wallet/proof2/get/{id}',
      method: 'get',
      summary: 'One presentation with the decoded W3C presentation',
      tag,
      output: out.proofWithDecoded,
    },
    {
      path: '/api/core/wallet/proof2/present',
      method: 'post',
      summary: 'Present for a request as /proof/present, answering the decoded presentation too',
      tag,
      input: proofPresentInput,
      output: out.presentOutcome2,
    },
    // Product API.
    {
      path: '/api/vc/issue',
      method: 'post',
      summary: 'Holder staff (re)issue the LicenseCredential of an active license (the earlier one is revoked)',
      tag,
      input: vcIssueInput,
      acl: holderStaff,
      output: out.credentialDetail,
    },
    {
      path: '/api/vc/verify/{id}',
      method: 'get',
      summary:
        'Public: the license status behind an approved product (by key or by the reference on its label, PRD-2026-0042) or a credential key (valid, expired, revoked, not_yet_valid, not_licensed) with the product and license numbers, IP, licensee, territory and term; verified at request time, never cached',
      tag,
      public: true,
      output: out.publicVerification,
    },
    {
      path: '/api/vc/verify',
      method: 'post',
      summary: 'Public: verify a credential JWT now → { valid, reason } (signature, revocation, term)',
      tag,
      input: verifyInput,
      public: true,
      output: out.verification,
    },
    {
      path: '/api/vc/jwks',
      method: 'get',
      summary: 'Public: the JWK Set of the holder credential key and the wallet presentation key',
      tag,
      public: true,
      // Answered bare, as a JWK Set, not in the envelope.
      raw: {
        mediaType: 'application/json',
        schema: out.jwks,
        example: { keys: [{ ...didDocumentExample.verificationMethod[0]!.publicKeyJwk, kid: 'holder-vc-mf3k2a1', use: 'sig' }] },
      },
    },
    // Standard verification: the issuer's did:web document and the revocation status lists.
    {
      path: '/api/vc/did',
      method: 'get',
      summary:
        'Public: the issuer’s did:web DID document, served at /.well-known/did.json (or APP_URL’s path + /did.json); its verification methods (JsonWebKey2020) are the current and retired credential keys, each an assertion method, named by the kid of a credential’s JWT header',
      tag,
      public: true,
      raw: { mediaType: 'application/did+json', schema: didDocumentSchema, example: didDocumentExample },
    },
    {
      path: '/api/credentials/status/{list}',
      method: 'get',
      summary:
        'Public: a W3C Bitstring Status List (revocation) as a BitstringStatusListCredential signed like the license credentials (vc+jwt); a credential’s bit at its statusListIndex is set once it is revoked',
      tag,
      public: true,
      raw: {
        mediaType: 'application/vc+jwt',
        schema: { type: 'string', pattern: '^[\\w-]+\\.[\\w-]+\\.[\\w-]+$' },
        example: statusListExample,
      },
    },
  ];
}
