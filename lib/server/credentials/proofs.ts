import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { credentials, proofRequests } from '../db/platform-schema';
import { newKey } from '../keys';
import { callerIn } from '../roles/role-lists';
import { proofPresentInput, proofRequestInput } from './inputs';
import { matchesQuery } from './license-document';
import { createPresentation, decodePresentation, verifyPresentation } from './presentation';
import { verifyCredentialJwt } from './verify-credential';
import { isKey, selectCredentials, summaryOf, walletCondition, type CredentialSummary } from './wallet';

type ProofRow = typeof proofRequests.$inferSelect;

export interface ProofQuery {
  type?: string;
  ip?: string;
  licensee?: string;
  purpose?: string;
}

export interface ProofView {
  key: string;
  nonce: string;
  verifier: string;
  query: ProofQuery;
  /** requested → presented (verified) | failed (presented, did not verify); expired while open. */
  state: string;
  open: boolean;
  presenter: string | null;
  result: Record<string, unknown> | null;
  dateCreated: string;
  expiresAt: string;
  presentedAt: string | null;
}

function view(row: ProofRow, now = new Date()): ProofView {
  const open = row.state === 'requested' && row.expiresAt.getTime() > now.getTime();
  return {
    key: row.key,
    nonce: row.nonce,
    verifier: row.verifier,
    query: row.query as ProofQuery,
    state: row.state === 'requested' && !open ? 'expired' : row.state,
    open,
    presenter: row.presenter,
    result: row.result,
    dateCreated: row.dateCreated.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    presentedAt: row.presentedAt?.toISOString() ?? null,
  };
}

/** /proof/request and /query/request: a verifier opens a request; the nonce goes to the presenter. */
export async function createProofRequest(db: Db, caller: Caller, body: unknown): Promise<ProofView> {
  const input = validateInput(proofRequestInput, body === '' || body == null ? {} : body, caller.lang);
  const query: ProofQuery = { type: input.type };
  if (input.ip) query.ip = input.ip;
  if (input.licensee) query.licensee = input.licensee;
  if (input.purpose) query.purpose = input.purpose;
  const [row] = await db
    .insert(proofRequests)
    .values({
      key: newKey(),
      nonce: randomBytes(24).toString('base64url'),
      verifier: caller.sub,
      query: query as Record<string, unknown>,
      expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
    })
    .returning();
  return view(row!);
}

/** A request its verifier (or an administrator) may read. */
export async function getProofRequest(db: Db, caller: Caller, id: unknown): Promise<ProofView & { presentation: string | null }> {
  if (!isKey(id)) throw new AppError('not_found', 'proof request not found');
  const [row] = await db.select().from(proofRequests).where(eq(proofRequests.key, id)).limit(1);
  if (!row || (row.verifier !== caller.sub && !callerIn(caller, 'system')))
    throw new AppError('not_found', 'proof request not found');
  return { ...view(row), presentation: row.presentation };
}

/** /query/proof/{id}: what was proved for a request: its state and verification result only. */
export async function getProofResult(db: Db, caller: Caller, id: unknown) {
  const request = await getProofRequest(db, caller, id);
  return { key: request.key, state: request.state, presentedAt: request.presentedAt, result: request.result };
}

export async function listProofRequests(db: Db, caller: Caller): Promise<{ items: ProofView[] }> {
  const rows = await db
    .select()
    .from(proofRequests)
    .where(callerIn(caller, 'system') ? undefined : eq(proofRequests.verifier, caller.sub))
    .orderBy(desc(proofRequests.dateCreated))
    .limit(200);
  return { items: rows.map((row) => view(row)) };
}

const nonceProblems = {
  unknown: { jp: 'この nonce の提示要求はありません。', en: 'No proof request has this nonce.' },
  used: {
    jp: 'この提示要求には既に提示済みです（再利用はできません）。',
    en: 'This proof request was already answered; a nonce cannot be reused.',
  },
  expired: { jp: 'この提示要求は期限切れです。', en: 'This proof request has expired.' },
  noMatch: {
    jp: 'この証明書は提示要求の条件に合いません。',
    en: 'This credential does not match what the request asks for.',
  },
  notYours: { jp: 'ウォレットにこの証明書はありません。', en: 'Your wallet holds no such credential.' },
} as const;

async function requestByNonce(db: Db, caller: Caller, nonce: string): Promise<ProofRow> {
  const [row] = await db.select().from(proofRequests).where(eq(proofRequests.nonce, nonce)).limit(1);
  if (!row) throw fieldError(caller.lang, { nonce: { message: nonceProblems.unknown } });
  return row;
}

/** The caller's credentials matching an open request (by its nonce). */
export async function proofMatches(
  db: Db,
  caller: Caller,
  nonce: unknown,
): Promise<{ request: ProofView; items: CredentialSummary[] }> {
  if (typeof nonce !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(nonce)) {
    throw fieldError(caller.lang, { nonce: { message: nonceProblems.unknown } });
  }
  const row = await requestByNonce(db, caller, nonce);
  const rows = await selectCredentials(db, await walletCondition(db, caller));
  // Only live credentials are offered; a revoked one would fail the verifier's check anyway.
  const items = rows.filter((c) => c.state === 'active' && matchesQuery(c, row.query as ProofQuery)).map((c) => summaryOf(c));
  return { request: view(row), items };
}

export interface PresentOutcome {
  request: ProofView;
  presentation: string;
}

/**
 * /proof/present: the presenter's wallet answers a request with one credential. The platform signs
 * a presentation JWT for the signed-in presenter carrying the credential and the request's nonce;
 * the verifier side then checks the presentation (signature, nonce, audience), the credential
 * (holder signature, revocation, term) and stores the result. A nonce answers once.
 */
export async function presentProof(db: Db, caller: Caller, body: unknown): Promise<PresentOutcome> {
  const input = validateInput(proofPresentInput, body, caller.lang);
  const request = await requestByNonce(db, caller, input.nonce);
  if (request.state !== 'requested')
    throw fieldError(caller.lang, { nonce: { message: nonceProblems.used } }, { conflict: true });
  if (request.expiresAt.getTime() <= Date.now()) throw fieldError(caller.lang, { nonce: { message: nonceProblems.expired } });
  const [credential] = await selectCredentials(
    db,
    and(await walletCondition(db, caller), eq(credentials.key, input.credential)),
    1,
  );
  if (!credential) throw fieldError(caller.lang, { credential: { message: nonceProblems.notYours } });
  if (!matchesQuery(credential, request.query as ProofQuery)) {
    throw fieldError(caller.lang, { credential: { message: nonceProblems.noMatch } });
  }

  const presentation = await createPresentation({
    presenter: caller.sub,
    verifier: request.verifier,
    nonce: request.nonce,
    credentials: [credential.jwt],
  });
  // The verifier's side: everything is checked again from the presentation alone.
  const checked = await verifyPresentation(presentation, { nonce: request.nonce, verifier: request.verifier });
  let result: Record<string, unknown>;
  if (!checked.ok) {
    result = { valid: false, reason: checked.reason };
  } else {
    const verification = await verifyCredentialJwt(db, checked.credentials[0]);
    result = {
      valid: verification.valid,
      reason: verification.reason,
      credential: verification.key ?? null,
      type: verification.type ?? null,
      claims: verification.claims ?? null,
      checkedAt: verification.checkedAt,
    };
  }
  const [updated] = await db
    .update(proofRequests)
    .set({
      state: result.valid ? 'presented' : 'failed',
      presenter: caller.sub,
      presentation,
      result,
      presentedAt: new Date(),
    })
    // Two presentations racing for one nonce: only the first finds it still open.
    .where(and(eq(proofRequests.key, request.key), eq(proofRequests.state, 'requested')))
    .returning();
  if (!updated) throw fieldError(caller.lang, { nonce: { message: nonceProblems.used } }, { conflict: true });
  return { request: view(updated), presentation };
}

/** /wallet/proof/list: the presentations the caller made. */
export async function listPresentations(db: Db, caller: Caller): Promise<{ items: ProofView[] }> {
  const rows = await db
    .select()
    .from(proofRequests)
    .where(eq(proofRequests.presenter, caller.sub))
    .orderBy(desc(sql`coalesce(${proofRequests.presentedAt}, ${proofRequests.dateCreated})`))
    .limit(200);
  return { items: rows.map((row) => view(row)) };
}

/** /wallet/proof/get/{id}: one presentation the caller made. */
export async function getPresentation(db: Db, caller: Caller, id: unknown): Promise<ProofView & { presentation: string | null }> {
  if (!isKey(id)) throw new AppError('not_found', 'presentation not found');
  const [row] = await db
    .select()
    .from(proofRequests)
    .where(and(eq(proofRequests.key, id), eq(proofRequests.presenter, caller.sub)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'presentation not found');
  return { ...view(row), presentation: row.presentation };
}

/**
 * proof2: the same presentations in the W3C presentation shape: the decoded `vp+jwt` payload
 * (holder, nonce, enveloped credentials) next to the stored result.
 */
export async function listPresentations2(db: Db, caller: Caller) {
  const { items } = await listPresentations(db, caller);
  const rows = items.length
    ? await db
        .select({ key: proofRequests.key, presentation: proofRequests.presentation })
        .from(proofRequests)
        .where(eq(proofRequests.presenter, caller.sub))
    : [];
  const byKey = new Map(rows.map((r) => [r.key, r.presentation]));
  return { items: items.map((item) => ({ ...item, vp: decodePresentation(byKey.get(item.key) ?? null) })) };
}

export async function getPresentation2(db: Db, caller: Caller, id: unknown) {
  const found = await getPresentation(db, caller, id);
  return { ...found, vp: decodePresentation(found.presentation) };
}

/** proof2/matches: matches grouped per requested credential type (one input descriptor per type). */
export async function proofMatches2(db: Db, caller: Caller, nonce: unknown) {
  const { request, items } = await proofMatches(db, caller, nonce);
  const type = request.query.type ?? 'VerifiableCredential';
  return {
    request,
    descriptors: [
      { id: type, constraints: { ip: request.query.ip ?? null, licensee: request.query.licensee ?? null }, matches: items },
    ],
  };
}

export async function presentProof2(db: Db, caller: Caller, body: unknown) {
  const outcome = await presentProof(db, caller, body);
  return { ...outcome, vp: decodePresentation(outcome.presentation) };
}
