import type { IncomingMessage } from 'node:http';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The signer's address (the first hop of X-Forwarded-For, else the socket's) and user agent. */
export function requestMeta(req: IncomingMessage): RequestMeta {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  // An IPv4 client seen through an IPv6 socket (::ffff:127.0.0.1) is shown as IPv4.
  const ip = (first || req.socket?.remoteAddress || '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1').slice(0, 100) || null;
  const agent = req.headers['user-agent'];
  return { ip, userAgent: typeof agent === 'string' && agent ? agent.slice(0, 500) : null };
}
