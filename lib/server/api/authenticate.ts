import type { IncomingMessage } from 'node:http';
import { getToken } from 'next-auth/jwt';
import { getConfig } from '../../config';
import { verifyBearer } from '../auth/verify-bearer';
import { getDb } from '../db/client';
import { getSecrets } from '../secrets';
import { callerRecord } from '../users/accounts';
import { AppError } from './errors';
import { findLiveServiceAccount } from '../service-accounts/accounts';
import { serviceCallerSub } from '../service-accounts/caller-sub';

export interface Caller {
  sub: string;
  access: string[];
  /** `service`: a service account's client credentials token; `sub` is then `svc:<key>`. */
  via: 'bearer' | 'session' | 'service';
  /** The service account behind a `service` caller, named in the admin log by its name. */
  service?: { key: string; name: string };
  /** Language of messages in answers: the X-Lang header, else the user's stored language. */
  lang: 'jp' | 'en';
}

function requestedLang(req: IncomingMessage): 'jp' | 'en' | undefined {
  const header = req.headers['x-lang'];
  return header === 'en' || header === 'jp' ? header : undefined;
}

function bearerOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim();
}

/**
 * Who is calling: a bearer access token (SPEC §7) or, for the browser's own pages, the
 * next-auth session cookie. No credentials at all: status 8; a token that fails: status 7.
 */
export async function authenticate(req: IncomingMessage & { cookies?: Partial<Record<string, string>> }): Promise<Caller> {
  const credential = bearerOf(req) ?? sessionCookieOf(req);
  const ttl = getConfig().authCacheMs;
  if (credential && ttl > 0) {
    const hit = recent.get(credential);
    if (hit && hit.until > Date.now()) return { ...hit.caller, lang: requestedLang(req) ?? hit.caller.lang };
  }
  const caller = await verifyOnce(req, credential);
  // A service account is looked up on every call: its revocation must hold at once, in every process.
  if (credential && ttl > 0 && caller.via !== 'service') {
    if (recent.size >= 10_000) recent.clear();
    // Remembered with the person's stored language: another request's X-Lang must not stick to it.
    recent.set(credential, { caller: { ...caller, lang: caller.storedLang }, until: Date.now() + ttl });
  }
  const { storedLang, ...answer } = caller;
  return { ...answer, lang: requestedLang(req) ?? storedLang };
}

/**
 * Calls that carry one credential at the same moment verify it once. When a remembered caller ran
 * out under load, every call then in flight decrypted the session and read the account itself:
 * 1,488 account reads for 6 people in one 30 s run of bench/load.
 */
const verifying = new Map<string, Promise<FreshCaller>>();

function verifyOnce(req: IncomingMessage & { cookies?: Partial<Record<string, string>> }, credential: string | undefined) {
  if (!credential) return authenticateAfresh(req);
  let pending = verifying.get(credential);
  if (!pending) {
    pending = authenticateAfresh(req).finally(() => verifying.delete(credential));
    verifying.set(credential, pending);
  }
  return pending;
}

/**
 * Verified callers for a moment (AUTH_CACHE_MS, default 2 s): a burst of calls from one page
 * verifies its token once. A revoked entry or a signed-out session takes effect within it.
 */
const recent = new Map<string, { caller: Caller; until: number }>();

type FreshCaller = Caller & { storedLang: Caller['lang'] };

function sessionCookieOf(req: IncomingMessage & { cookies?: Partial<Record<string, string>> }): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const match = /(?:^|;\s*)((?:__Secure-)?next-auth\.session-token(?:\.\d+)?)=([^;]+)/.exec(header);
  return match ? `${match[1]}=${match[2]}` : undefined;
}

/** Drops remembered callers (tests, and after an access change in this process). */
export function forgetCallers(): void {
  recent.clear();
}

async function authenticateAfresh(req: IncomingMessage & { cookies?: Partial<Record<string, string>> }): Promise<FreshCaller> {
  const bearer = bearerOf(req);
  let sub: string | undefined;
  let via: Caller['via'] = 'bearer';
  if (bearer) {
    const verified = await verifyBearer(bearer);
    if (!verified) throw new AppError('invalid_token', 'invalid session');
    if (verified.service) return serviceCaller(req, verified.sub);
    if (await isExternalServiceClient(verified.clientId)) return serviceCaller(req, verified.clientId!);
    sub = verified.sub;
  } else {
    const config = getConfig();
    const token = await getToken({
      req: req as Parameters<typeof getToken>[0]['req'],
      secret: config.nextAuthSecret ?? getSecrets().nextAuthSecret,
    });
    if (!token?.sub) throw new AppError('invalid_session', 'invalid session');
    if (typeof token.expiresAt === 'number' && token.expiresAt * 1000 < Date.now()) {
      throw new AppError('invalid_token', 'invalid session');
    }
    sub = token.sub;
    via = 'session';
  }
  const user = await callerRecord(await getDb(), sub);
  if (!user || user.status !== 0) throw new AppError('invalid_token', 'invalid session');
  const storedLang = user.lang === 'en' ? 'en' : 'jp';
  return { sub, access: user.access, via, lang: requestedLang(req) ?? storedLang, storedLang };
}

/**
 * An external provider's token issued to a client an administrator bound to a service account
 * (OIDC_ISSUER set). A person's token names the platform's own sign-in client, which can never be
 * bound, so people cost no lookup here.
 */
async function isExternalServiceClient(clientId: string | undefined): Promise<boolean> {
  const { oidc } = getConfig();
  if (!clientId || oidc.embedded || clientId === oidc.clientId) return false;
  const account = await findLiveServiceAccount(await getDb(), clientId);
  return account !== undefined && account.secretDigest === null;
}

/**
 * A live service account with its own access entries. A revoked one is refused here; its tokens
 * (and those issued before a rotation) are also deleted from the provider's store at that moment.
 */
async function serviceCaller(req: IncomingMessage, clientId: string): Promise<FreshCaller> {
  const account = await findLiveServiceAccount(await getDb(), clientId);
  if (!account) throw new AppError('invalid_token', 'invalid session');
  return {
    sub: serviceCallerSub(account.key),
    access: account.access,
    via: 'service',
    service: { key: account.key, name: account.name },
    lang: requestedLang(req) ?? 'jp',
    // A service account has no language of its own: its answers are in Japanese unless asked otherwise.
    storedLang: 'jp',
  };
}
