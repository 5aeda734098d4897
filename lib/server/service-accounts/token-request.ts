import type { IncomingMessage } from 'node:http';
import { isServiceClientId, secretDigest } from './credentials';

/**
 * The provider compares client secrets as it is given them, but a service account's secret is
 * stored only as its digest. So at the token endpoint the secret a service account presents
 * (HTTP Basic, the only method its client allows) is replaced by its digest before the provider
 * reads the request: a right secret then matches the stored digest, and the digest itself, if
 * it ever leaked, is digested again and fails.
 */
export function digestServiceSecret(req: IncomingMessage, providerPath: string): void {
  if (req.method !== 'POST' || !/^\/token\/?(\?|$)/.test(providerPath)) return;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match) return;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return;
  let clientId: string;
  let secret: string;
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before they are joined.
    clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
  } catch {
    return;
  }
  if (!isServiceClientId(clientId)) return;
  const credentials = `${encodeURIComponent(clientId)}:${secretDigest(secret)}`;
  req.headers.authorization = `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
}
