import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { licenses } from '../db/entities-schema';
import { credentials } from '../db/platform-schema';
import { viewerOf } from '../entities/viewer';
import { walletQueryInput } from './inputs';
import { credentialStatus, type CredentialReason } from './license-document';
import { verifyCredentialJwt, type Verification } from './verify-credential';

export interface CredentialSummary {
  key: string;
  type: string;
  schema: string | null;
  format: string;
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
  /** Recorded state: active | revoked. */
  state: string;
  /** What the credential is worth now (recorded state, license state and term). */
  status: CredentialReason;
  issuedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

export interface CredentialDetail extends CredentialSummary {
  jwt: string;
  verification: Verification;
}

const columns = {
  key: credentials.key,
  type: credentials.type,
  schema: credentials.schema,
  format: credentials.format,
  issuer: credentials.issuer,
  holder: credentials.holder,
  subject: credentials.subject,
  claims: credentials.claims,
  state: credentials.state,
  issuedAt: credentials.issuedAt,
  expiresAt: credentials.expiresAt,
  revokedAt: credentials.revokedAt,
  jwt: credentials.jwt,
  licenseState: licenses.state,
};

const joined = (db: Db) => db.select(columns).from(credentials).leftJoin(licenses, eq(licenses.key, credentials.subject));
export type Joined = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

function termOf(claims: Record<string, unknown>): { start: Date | null; end: Date | null } {
  const term = claims.term as { start?: unknown; end?: unknown } | undefined;
  const date = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v) : null);
  return { start: date(term?.start), end: date(term?.end) };
}

export function summaryOf(row: Joined, now = new Date()): CredentialSummary {
  const term = termOf(row.claims);
  return {
    key: row.key,
    type: row.type,
    schema: row.schema,
    format: row.format,
    issuer: row.issuer,
    subject: row.subject,
    claims: row.claims,
    state: row.state,
    status: credentialStatus({
      revoked: row.state === 'revoked',
      licenseState: row.licenseState,
      validFrom: term.start,
      validUntil: term.end ?? row.expiresAt,
      now,
    }),
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * The credentials a caller's wallet shows: those held by the caller, and the license credentials
 * of every licensee organisation the caller belongs to (a license credential is held by the
 * organisation's owner; its members read it too).
 */
export async function walletCondition(db: Db, caller: Caller): Promise<SQL> {
  const viewer = await viewerOf(db, caller);
  const own = eq(credentials.holder, caller.sub);
  if (viewer.licensees.length === 0) return own;
  return or(own, inArray(sql`(${credentials.claims}->'licensee'->>'key')`, viewer.licensees))!;
}

async function select(db: Db, where: SQL | undefined, limit = 500): Promise<Joined[]> {
  return joined(db).where(where).orderBy(desc(credentials.issuedAt)).limit(limit);
}

/** Filters of /wallet/cred/query on top of the wallet's own condition. */
export function filterCondition(filter: { type?: string; license?: string; ip?: string; licensee?: string }): SQL[] {
  const parts: SQL[] = [];
  if (filter.type) parts.push(eq(credentials.type, filter.type));
  if (filter.license) parts.push(eq(credentials.subject, filter.license));
  if (filter.ip) parts.push(sql`(${credentials.claims}->'ip'->>'key') = ${filter.ip}`);
  if (filter.licensee) parts.push(sql`(${credentials.claims}->'licensee'->>'key') = ${filter.licensee}`);
  return parts;
}

export async function listWallet(db: Db, caller: Caller): Promise<{ items: CredentialSummary[] }> {
  const rows = await select(db, await walletCondition(db, caller));
  return { items: rows.map((row) => summaryOf(row)) };
}

export async function queryWallet(db: Db, caller: Caller, body: unknown): Promise<{ items: CredentialSummary[] }> {
  const input = validateInput(walletQueryInput, body === '' || body == null ? {} : body, caller.lang);
  const rows = await select(db, and(await walletCondition(db, caller), ...filterCondition(input)));
  const items = rows.map((row) => summaryOf(row));
  return { items: input.state ? items.filter((c) => c.status === input.state) : items };
}

export function isKey(id: unknown): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id);
}

/** One credential of the caller's wallet with its JWT and a verification made now. */
export async function getWalletCredential(db: Db, caller: Caller, id: unknown): Promise<CredentialDetail> {
  if (!isKey(id)) throw new AppError('not_found', 'credential not found');
  const [row] = await select(db, and(await walletCondition(db, caller), eq(credentials.key, id)), 1);
  if (!row) throw new AppError('not_found', 'credential not found');
  return detailOf(db, row);
}

export async function detailOf(db: Db, row: Joined): Promise<CredentialDetail> {
  return { ...summaryOf(row), jwt: row.jwt, verification: await verifyCredentialJwt(db, row.jwt) };
}

/** Credentials by any condition, for the issuer's and the administrator's views. */
export async function selectCredentials(db: Db, where: SQL | undefined, limit?: number): Promise<Joined[]> {
  return select(db, where, limit);
}
