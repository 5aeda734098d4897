import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { getDb } from '../db/client';
import { findLoginByEmail } from '../users/accounts';
import { verifyPassword } from '../users/password';
import { saveConsent } from './consent-store';
import { getConfig } from '../../config';
import { hashPassword } from '../users/password';
import { attemptKeys, settleSuccessfulAttempt, reserveAttempt } from './rate-limit';

export type LoginOutcome = { ok: true; sub: string } | { ok: false; reason: 'invalid' | 'locked' };

/** X-Forwarded-For is believed only behind a proxy that sets it (TRUST_PROXY). */
export function clientAddress(req: IncomingMessage): string {
  if (getConfig().trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress || 'unknown';
}

// An unknown e-mail still costs one scrypt run, so timing does not tell which accounts exist.
let decoyHash: Promise<string> | undefined;

/** Checks a password sign-in against the rate limit and the stored hash. */
export async function checkLogin(ip: string, email: string, password: string): Promise<LoginOutcome> {
  const db = await getDb();
  const keys = attemptKeys(ip, email);
  if (!(await reserveAttempt(db, keys))) return { ok: false, reason: 'locked' };
  const account = await findLoginByEmail(db, email);
  decoyHash ??= hashPassword('decoy-password-for-timing');
  const passwordOk = await verifyPassword(password, account?.passwordHash ?? (await decoyHash));
  if (!account || account.status !== 0 || !passwordOk) return { ok: false, reason: 'invalid' };
  await settleSuccessfulAttempt(db, keys);
  return { ok: true, sub: account.sub };
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
