import { compactVerify, decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { getConfig } from '../../config';
import { VC_CONTEXT, VP_TYP } from './license-document';
import { ALG, signingKey, verificationKey } from './signing-keys';

/**
 * Verifiable presentations made by the platform's wallet on behalf of a signed-in presenter: a
 * `vp+jwt` signed with the wallet key, carrying the credential JWTs and the verifier's nonce, so a
 * presentation answers exactly one request and cannot be replayed against another.
 */
export const VP_LIFETIME_SECONDS = 300;

export function walletIssuer(): string {
  return `${getConfig().appUrl}/wallet`;
}

export async function createPresentation(options: {
  presenter: string;
  verifier: string;
  nonce: string;
  credentials: string[];
  now?: Date;
}): Promise<string> {
  const key = await signingKey('wallet-vp');
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT({
    '@context': [VC_CONTEXT],
    type: ['VerifiablePresentation'],
    holder: `urn:ipl:user:${options.presenter}`,
    verifiableCredential: options.credentials.map((jwt) => ({
      '@context': [VC_CONTEXT],
      type: 'EnvelopedVerifiableCredential',
      id: `data:application/vc+jwt,${jwt}`,
    })),
    nonce: options.nonce,
  })
    .setProtectedHeader({ alg: ALG, typ: VP_TYP, kid: key.kid })
    .setIssuer(walletIssuer())
    .setSubject(`urn:ipl:user:${options.presenter}`)
    .setAudience(`urn:ipl:user:${options.verifier}`)
    .setIssuedAt(iat)
    .setExpirationTime(iat + VP_LIFETIME_SECONDS)
    .sign(key.privateKey);
}

export type PresentationCheck =
  | { ok: true; credentials: string[]; payload: Record<string, unknown> }
  | { ok: false; reason: 'invalid_signature' | 'wrong_nonce' | 'wrong_audience' | 'expired' | 'malformed' };

/** The credential JWTs a presentation carries. */
export function credentialsOf(payload: Record<string, unknown>): string[] {
  const list = Array.isArray(payload.verifiableCredential) ? payload.verifiableCredential : [];
  return list
    .map((entry: unknown) => (entry && typeof entry === 'object' ? (entry as { id?: unknown }).id : entry))
    .filter((id): id is string => typeof id === 'string')
    .map((id) => id.replace(/^data:application\/vc\+jwt,/, ''));
}

/** Checks a presentation's signature, nonce, audience and lifetime. */
export async function verifyPresentation(
  jwt: string,
  expected: { nonce: string; verifier: string; now?: Date },
): Promise<PresentationCheck> {
  let payload: Record<string, unknown>;
  try {
    const header = decodeProtectedHeader(jwt);
    if (header.typ !== VP_TYP) return { ok: false, reason: 'malformed' };
    const publicJwk = await verificationKey('wallet-vp', header.kid);
    if (!publicJwk) return { ok: false, reason: 'invalid_signature' };
    const verified = await compactVerify(jwt, await importJWK(publicJwk, ALG));
    payload = JSON.parse(new TextDecoder().decode(verified.payload)) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'invalid_signature' };
  }
  if (payload.nonce !== expected.nonce) return { ok: false, reason: 'wrong_nonce' };
  if (payload.aud !== `urn:ipl:user:${expected.verifier}`) return { ok: false, reason: 'wrong_audience' };
  const now = Math.floor((expected.now ?? new Date()).getTime() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp < now) return { ok: false, reason: 'expired' };
  return { ok: true, credentials: credentialsOf(payload), payload };
}

/** The presentation's payload without checking it (for showing a stored one). */
export function decodePresentation(jwt: string | null): Record<string, unknown> | null {
  if (!jwt) return null;
  try {
    const part = jwt.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}
