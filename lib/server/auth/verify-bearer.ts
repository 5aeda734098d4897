import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { getConfig } from '../../config';
import { getProvider } from '../idp/provider';

export interface VerifiedToken {
  sub: string;
  clientId?: string;
  expiresAt?: number;
  /** A client credentials token (a service account's): `sub` is its client id. */
  service?: true;
}

let remoteJwks: ReturnType<typeof createRemoteJWKSet> | undefined;
const userinfoCache = new Map<string, { sub: string; until: number }>();

async function discover(issuer: string): Promise<{ jwks_uri: string; userinfo_endpoint: string }> {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`discovery failed: ${res.status}`);
  return (await res.json()) as { jwks_uri: string; userinfo_endpoint: string };
}

/** External providers: a JWT access token is checked against the issuer's JWKS. */
async function verifyJwt(token: string): Promise<VerifiedToken | null> {
  const { oidc } = getConfig();
  remoteJwks ??= createRemoteJWKSet(new URL((await discover(oidc.issuer)).jwks_uri));
  try {
    const { payload } = await jwtVerify(token, remoteJwks, {
      issuer: oidc.issuer,
      audience: oidc.audience,
    });
    if (!payload.sub) return null;
    // The client the token was issued to (RFC 9068 client_id; Keycloak and Auth0 azp; Entra ID
    // appid): a machine's token is told from a person's by the service account bound to it.
    const client = [payload.client_id, payload.azp, payload.appid].find((c): c is string => typeof c === 'string' && c !== '');
    return { sub: payload.sub, expiresAt: payload.exp, ...(client ? { clientId: client } : {}) };
  } catch {
    return null;
  }
}

/** External providers with opaque tokens: the provider's userinfo answers, cached briefly. */
async function verifyByUserinfo(token: string): Promise<VerifiedToken | null> {
  const cached = userinfoCache.get(token);
  if (cached && cached.until > Date.now()) return { sub: cached.sub };
  const { userinfo_endpoint } = await discover(getConfig().oidc.issuer);
  const res = await fetch(userinfo_endpoint, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) return null;
  const { sub } = (await res.json()) as { sub?: string };
  if (!sub) return null;
  if (userinfoCache.size > 10_000) userinfoCache.clear();
  userinfoCache.set(token, { sub, until: Date.now() + 60_000 });
  return { sub };
}

/** A service account's token from the embedded provider (whether the account is live is the caller's check). */
async function verifyClientCredentials(token: string): Promise<VerifiedToken | null> {
  const provider = await getProvider();
  const found = await provider.ClientCredentials.find(token);
  if (!found || found.isExpired || !found.clientId) return null;
  return { sub: found.clientId, clientId: found.clientId, expiresAt: found.exp, service: true };
}

/**
 * Verifies a bearer access token. The embedded provider issues opaque tokens (so they also work
 * at its userinfo endpoint /me) and they are looked up in its own store in this process.
 */
export async function verifyBearer(token: string): Promise<VerifiedToken | null> {
  if (!token || token.length > 4096) return null;
  const { oidc } = getConfig();
  if (oidc.embedded) {
    const provider = await getProvider();
    const found = await provider.AccessToken.find(token);
    if (!found) return verifyClientCredentials(token);
    if (!found.accountId || found.isExpired) return null;
    if (found.clientId !== oidc.clientId) return null;
    return { sub: found.accountId, clientId: found.clientId, expiresAt: found.exp };
  }
  const looksLikeJwt = token.split('.').length === 3;
  if (looksLikeJwt) {
    try {
      decodeJwt(token);
      return await verifyJwt(token);
    } catch {
      return null;
    }
  }
  return verifyByUserinfo(token);
}
