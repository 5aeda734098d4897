import { eq } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { credentialSchemas, credentials } from '../db/platform-schema';
import { issueCredInput, vcIssueInput } from './inputs';
import { issueLicenseCredential, licenseFacts, type IssueOutcome } from './issue-license-credential';
import { LICENSE_CREDENTIAL, licenseCredentialPayload, VC_TYP, VP_TYP, type LicenseClaims } from './license-document';
import { ensureLicenseSchema } from './license-schema';
import { ALG, issuerId, jwksUri, signingKey, signingKid } from './signing-keys';
import { STATUS_PURPOSE, statusListUrl } from './status-list';
import { detailOf, isKey, selectCredentials, summaryOf, type CredentialDetail, type CredentialSummary } from './wallet';

const problems = {
  schema_unknown: { jp: 'この証明書スキーマはありません。', en: 'There is no such credential schema.' },
  schema_disabled: {
    jp: 'この証明書スキーマは無効になっているため発行できません。',
    en: 'This credential schema is disabled, so nothing can be issued from it.',
  },
  no_license: { jp: 'このライセンスはありません。', en: 'There is no such license.' },
  not_active: {
    jp: '有効（active）なライセンスにだけ証明書を発行できます。',
    en: 'Credentials are issued for active licenses only.',
  },
  no_holder: {
    jp: 'ライセンシー組織にオーナーがいないため、証明書の保有者を決められません。',
    en: 'The licensee organisation has no owner to hold the credential.',
  },
} as const;

/** The schema an issuance names: LicenseCredential is the one this issuer signs. */
async function issuableSchema(db: Db, caller: Caller, key: string): Promise<void> {
  await ensureLicenseSchema(db);
  const [row] = await db.select().from(credentialSchemas).where(eq(credentialSchemas.key, key)).limit(1);
  if (!row || row.key !== LICENSE_CREDENTIAL) throw fieldError(caller.lang, { schema: { message: problems.schema_unknown } });
  if (!row.enabled) throw fieldError(caller.lang, { schema: { message: problems.schema_disabled } });
}

async function issueOrExplain(db: Db, caller: Caller, license: string, field: string): Promise<CredentialDetail> {
  const outcome: IssueOutcome = await db.transaction(async (tx) => issueLicenseCredential(tx, license));
  if (!outcome.issued) {
    const field2 = outcome.reason === 'schema_disabled' ? 'schema' : field;
    throw fieldError(caller.lang, { [field2]: { message: problems[outcome.reason] } });
  }
  const [row] = await selectCredentials(db, eq(credentials.key, outcome.credential.key), 1);
  return detailOf(db, row!);
}

/** /issue/cred: issue a credential from a schema for a subject (a license key), replacing an earlier one. */
export async function issueCred(db: Db, caller: Caller, body: unknown): Promise<CredentialDetail> {
  const input = validateInput(issueCredInput, body, caller.lang);
  await issuableSchema(db, caller, input.schema);
  return issueOrExplain(db, caller, input.subject, 'subject');
}

/** /api/vc/issue: holder staff (re)issue the credential of an active license. */
export async function reissueLicenseCredential(db: Db, caller: Caller, body: unknown): Promise<CredentialDetail> {
  const input = validateInput(vcIssueInput, body, caller.lang);
  return issueOrExplain(db, caller, input.license, 'license');
}

async function factsOrExplain(db: Db, caller: Caller, body: unknown): Promise<{ claims: LicenseClaims; holder: string | null }> {
  const input = validateInput(issueCredInput, body, caller.lang);
  await issuableSchema(db, caller, input.schema);
  const facts = await licenseFacts(db, input.subject);
  if (!facts) throw fieldError(caller.lang, { subject: { message: problems.no_license } });
  if (facts.state !== 'active') throw fieldError(caller.lang, { subject: { message: problems.not_active } });
  return facts;
}

/** /issue/data/0: the claims a credential for this subject would carry now, and its holder; nothing is written. */
export async function issueData0(db: Db, caller: Caller, body: unknown) {
  const facts = await factsOrExplain(db, caller, body);
  return { type: LICENSE_CREDENTIAL, holder: facts.holder, claims: facts.claims };
}

/** /issue/data/1: the complete unsigned credential document that /issue/cred would sign now. */
export async function issueData1(db: Db, caller: Caller, body: unknown) {
  const facts = await factsOrExplain(db, caller, body);
  // The status entry is allocated when the credential is signed; this preview names the list it goes to.
  const payload = licenseCredentialPayload({
    key: 'pending',
    issuer: issuerId(),
    baseUrl: getConfig().appUrl,
    credentialStatus: {
      type: 'BitstringStatusListEntry',
      statusPurpose: STATUS_PURPOSE,
      statusListIndex: 'pending',
      statusListCredential: statusListUrl(1),
    },
    claims: facts.claims,
    issuedAt: new Date(),
  });
  return { header: { alg: ALG, typ: VC_TYP, kid: signingKid(await signingKey('holder-vc')) }, payload };
}

/** /issue/pref: how this issuer issues (format, algorithm, holder binding, revocation). */
export async function issuerPreferences(db: Db) {
  const schema = await ensureLicenseSchema(db);
  return {
    issuer: issuerId(),
    formats: [VC_TYP],
    alg: ALG,
    holderBinding: 'licensee-organisation-owner',
    revocation: 'BitstringStatusList',
    autoIssue: { on: 'license:active', revokeOn: ['license:terminated', 'license:expired'] },
    schemas: schema.enabled ? [schema.key] : [],
  };
}

/** /issue/id: the issuer's identifier and the public key its credentials verify with. */
export async function issuerIdentity() {
  const key = await signingKey('holder-vc');
  const base = getConfig().appUrl;
  return {
    id: issuerId(),
    kid: signingKid(key),
    alg: ALG,
    publicKeyJwk: key.publicJwk,
    jwksUri: jwksUri(),
    didDocument: `${base}/.well-known/did.json`,
  };
}

/** /issue/conn: where a wallet or a verifier talks to this issuer. */
export function issuerConnection() {
  const base = getConfig().appUrl;
  return {
    issuer: issuerId(),
    formats: { credential: VC_TYP, presentation: VP_TYP },
    endpoints: {
      jwks: jwksUri(),
      didDocument: `${base}/.well-known/did.json`,
      statusList: statusListUrl(1),
      verify: `${base}/api/vc/verify/{id}`,
      verifyPage: `${base}/{lang}/verify/{id}`,
      proofRequest: `${base}/api/core/proof/request`,
      proofPresent: `${base}/api/core/proof/present`,
      wallet: `${base}/api/core/wallet/cred/list`,
    },
  };
}

/** /wallet/issue/list: every credential this issuer has issued (holder staff issue on its behalf). */
export async function listIssued(db: Db): Promise<{ items: (CredentialSummary & { holder: string })[] }> {
  // Every row of the table was signed by this site's holder key, whatever APP_URL was at the time.
  const rows = await selectCredentials(db, undefined);
  return { items: rows.map((row) => ({ ...summaryOf(row), holder: row.holder })) };
}

export async function getIssued(db: Db, id: unknown): Promise<CredentialDetail & { holder: string }> {
  if (!isKey(id)) throw new AppError('not_found', 'credential not found');
  const [row] = await selectCredentials(db, eq(credentials.key, id), 1);
  if (!row) throw new AppError('not_found', 'credential not found');
  return { ...(await detailOf(db, row)), holder: row.holder };
}
