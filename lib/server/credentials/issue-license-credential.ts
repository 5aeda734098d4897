import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Db } from '../db/client';
import { ips, licensees, licenses } from '../db/entities-schema';
import { credentials } from '../db/platform-schema';
import { newKey } from '../keys';
import { LICENSE_CREDENTIAL, licenseCredentialPayload, VC_TYP, type LicenseClaims } from './license-document';
import { ensureLicenseSchema } from './license-schema';
import { ALG, issuerId, signingKey, signingKid } from './signing-keys';
import { allocateStatusEntry, statusListEntry } from './status-list';
import { getConfig } from '../../config';

export type CredentialRow = typeof credentials.$inferSelect;

export interface LicenseFacts {
  claims: LicenseClaims;
  /** The wallet the credential goes to: the licensee organisation's owner (else the applicant). */
  holder: string | null;
  state: string;
}

/** What a LicenseCredential of this license would say, read in the caller's transaction. */
export async function licenseFacts(db: Db, licenseKey: string): Promise<LicenseFacts | null> {
  const [row] = await db
    .select({
      key: licenses.key,
      state: licenses.state,
      ip: licenses.ip,
      ipName: ips.name,
      licensee: licenses.licensee,
      licenseeName: licensees.name,
      owner: licensees.owner,
      applicant: licenses.applicant,
      territory: licenses.territory,
      termStart: licenses.term_start,
      termEnd: licenses.term_end,
    })
    .from(licenses)
    .leftJoin(ips, eq(ips.key, licenses.ip))
    .leftJoin(licensees, eq(licensees.key, licenses.licensee))
    .where(eq(licenses.key, licenseKey))
    .limit(1);
  if (!row) return null;
  return {
    state: row.state,
    holder: row.owner ?? row.applicant ?? null,
    claims: {
      license: { key: row.key, state: row.state },
      ip: { key: row.ip, name: row.ipName ?? '' },
      licensee: { key: row.licensee, name: row.licenseeName ?? '' },
      territory: row.territory,
      term: { start: row.termStart.toISOString(), end: row.termEnd.toISOString() },
    },
  };
}

/** Marks every live credential of a license revoked; answers how many were. */
export async function revokeLicenseCredentials(db: Db, licenseKey: string, at = new Date()): Promise<number> {
  const revoked = await db
    .update(credentials)
    .set({ state: 'revoked', revokedAt: at })
    .where(and(eq(credentials.subject, licenseKey), eq(credentials.type, LICENSE_CREDENTIAL), eq(credentials.state, 'active')))
    .returning({ key: credentials.key });
  return revoked.length;
}

/** Signs a credential payload with the holder key as a `vc+jwt`, naming the key by its DID URL. */
export async function signCredential(payload: Record<string, unknown>): Promise<string> {
  const key = await signingKey('holder-vc');
  return new SignJWT(payload).setProtectedHeader({ alg: ALG, typ: VC_TYP, kid: signingKid(key) }).sign(key.privateKey);
}

export type IssueOutcome =
  | { issued: true; credential: CredentialRow }
  | { issued: false; reason: 'no_license' | 'not_active' | 'schema_disabled' | 'no_holder' };

/**
 * Issues the LicenseCredential of an active license into its holder's wallet, replacing (revoking)
 * any earlier one, so one license has at most one live credential. Nothing is issued while the
 * schema is disabled. Runs in the caller's transaction.
 */
export async function issueLicenseCredential(
  db: Db,
  licenseKey: string,
  options: { state?: string } = {},
): Promise<IssueOutcome> {
  const facts = await licenseFacts(db, licenseKey);
  if (!facts) return { issued: false, reason: 'no_license' };
  const state = options.state ?? facts.state;
  if (state !== 'active') return { issued: false, reason: 'not_active' };
  const schema = await ensureLicenseSchema(db);
  if (!schema.enabled) return { issued: false, reason: 'schema_disabled' };
  if (!facts.holder) return { issued: false, reason: 'no_holder' };
  const issuedAt = new Date();
  await revokeLicenseCredentials(db, licenseKey, issuedAt);
  const key = newKey();
  const claims: LicenseClaims = { ...facts.claims, license: { key: licenseKey, state } };
  const issuer = issuerId();
  const status = await allocateStatusEntry(db);
  const jwt = await signCredential(
    licenseCredentialPayload({
      key,
      issuer,
      baseUrl: getConfig().appUrl,
      credentialStatus: statusListEntry(status),
      claims,
      issuedAt,
    }),
  );
  const [credential] = await db
    .insert(credentials)
    .values({
      key,
      schema: schema.key,
      type: LICENSE_CREDENTIAL,
      format: VC_TYP,
      issuer,
      holder: facts.holder,
      subject: licenseKey,
      claims: claims as unknown as Record<string, unknown>,
      jwt,
      state: 'active',
      issuedAt,
      expiresAt: new Date(claims.term.end),
      statusList: status.list,
      statusIndex: status.index,
    })
    .returning();
  return { issued: true, credential: credential! };
}
