import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { getDb } from '../db/client';
import { EMAIL_PATTERN } from '../entities/field-rules';
import { createPasswordAccount, findLoginByEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../users/accounts';
import { verifyPassword } from '../users/password';
import { saveConsent } from './consent-store';
import { getConfig } from '../../config';
import { hashPassword } from '../users/password';
import { noteFailure } from './failure-notice';
import { settleSuccessfulAttempt, reserveAttempt } from './rate-limit';

/** The one reading of a client's address (TRUST_PROXY), shared with every other place that records one. */
export { clientAddress } from '../api/client-address';

export type LoginOutcome =
  { ok: true; sub: string } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'throttled'; retryAfter: number };

// An unknown e-mail still costs one scrypt run, so timing does not tell which accounts exist.
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password sign-in: a source that has been failing waits (lib/server/idp/rate-limit.ts),
 * anyone else is checked at once. A wrong password for an existing account counts against it and,
 * at the limit, tells its owner by mail once (in the same transaction as the count).
 */
export async function checkLogin(source: string, email: string, password: string): Promise<LoginOutcome> {
  const db = await getDb();
  const reservation = await reserveAttempt(db, source, email);
  if (!reservation.allowed) return { ok: false, reason: 'throttled', retryAfter: reservation.retryAfter };
  const account = await findLoginByEmail(db, email);
  decoyHash ??= hashPassword('decoy-password-for-timing');
  const passwordOk = await verifyPassword(password, account?.passwordHash ?? (await decoyHash));
  if (!account || account.status !== 0 || !passwordOk) {
    if (account) await noteFailure(db, account.sub, email, source);
    return { ok: false, reason: 'invalid' };
  }
  await settleSuccessfulAttempt(db, source, email);
  return { ok: true, sub: account.sub };
}

export type SignupProblem = 'throttled' | 'taken' | 'email' | 'name' | 'weak' | 'mismatch';
export type SignupOutcome = { ok: true; sub: string } | { ok: false; reason: SignupProblem; retryAfter?: number };

export interface SignupForm {
  email: string;
  name: string;
  password: string;
  confirm: string;
  lang: 'jp' | 'en';
}

const emailShape = new RegExp(EMAIL_PATTERN);

/** What is wrong with a sign-up form before anything is stored; null when it can be tried. */
export function signupProblem(form: SignupForm): Exclude<SignupProblem, 'throttled' | 'taken'> | null {
  const email = form.email.trim();
  if (!email || email.length > 254 || !emailShape.test(email)) return 'email';
  const name = form.name.trim();
  if (!name || name.length > 100) return 'name';
  if (form.password.length < PASSWORD_MIN_LENGTH || form.password.length > PASSWORD_MAX_LENGTH) return 'weak';
  if (form.password !== form.confirm) return 'mismatch';
  return null;
}

/**
 * Creates an account at the embedded provider (an invitee without one signs up here) with
 * calbee:user. Slowed down like sign-ins, per source and per (e-mail, source).
 */
export async function signUp(ip: string, form: SignupForm): Promise<SignupOutcome> {
  const problem = signupProblem(form);
  if (problem) return { ok: false, reason: problem };
  const db = await getDb();
  const reservation = await reserveAttempt(db, ip, form.email);
  if (!reservation.allowed) return { ok: false, reason: 'throttled', retryAfter: reservation.retryAfter };
  if (await findLoginByEmail(db, form.email)) return { ok: false, reason: 'taken' };
  const { aclClient } = getConfig();
  const sub = await createPasswordAccount(
    db,
    { email: form.email, name: form.name.trim(), passwordHash: await hashPassword(form.password), lang: form.lang },
    [`${aclClient}:user`],
  );
  if (!sub) return { ok: false, reason: 'taken' };
  await settleSuccessfulAttempt(db, ip, form.email);
  return { ok: true, sub };
}

/** Grants what the consent prompt asked for and remembers it for later provider sessions. */
export async function grantConsent(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const accountId = details.session?.accountId;
  const clientId = String(details.params.client_id);
  if (!accountId) throw new Error('consent without a signed-in account');
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId }))
    : new provider.Grant({ accountId, clientId });
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  const requested = String(details.params.scope ?? '')
    .split(' ')
    .filter(Boolean);
  const scopes = missing.missingOIDCScope?.length ? missing.missingOIDCScope : requested;
  grant.addOIDCScope(scopes.join(' '));
  if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await saveConsent(accountId, clientId, requested.join(' '));
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
