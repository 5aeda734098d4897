import type { IncomingMessage } from 'node:http';
import { clientAddress } from '../api/client-address';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The signer's address, as far as the trusted proxy chain vouches for it (TRUST_PROXY; without it
 * the socket's peer, whatever X-Forwarded-For claims), and the user agent the browser sent. The
 * agent is the client's own word and is recorded as such; the account, the time and the
 * document's hash are what the signature rests on.
 */
export function requestMeta(req: IncomingMessage): RequestMeta {
  const ip = clientAddress(req).slice(0, 100);
  const agent = req.headers['user-agent'];
  return { ip: ip && ip !== 'unknown' ? ip : null, userAgent: typeof agent === 'string' && agent ? agent.slice(0, 500) : null };
}
