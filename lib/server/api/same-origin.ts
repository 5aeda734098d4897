import type { IncomingMessage } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a cookie-authenticated request may change something (CSRF defence in depth on top of
 * the session cookie's SameSite=Lax). Browsers say where a request comes from: Sec-Fetch-Site
 * (all current browsers) and Origin (on every cross-origin and every non-GET request). A write
 * is refused when either names another site; requests without them (curl, server-side callers)
 * carry no ambient cookie risk and pass. Bearer-token requests never reach this check.
 */
export function mayWriteWithCookie(req: Pick<IncomingMessage, 'method' | 'headers'>, appUrl: string): boolean {
  if (SAFE_METHODS.has((req.method ?? 'GET').toUpperCase())) return true;
  const site = header(req, 'sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = header(req, 'origin');
  if (!origin) return true;
  if (origin === 'null') return false;
  return sameOrigin(origin, appUrl) || sameOrigin(origin, hostOrigin(req, origin));
}

function header(req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The origin the request was addressed to, in the scheme the browser used. */
function hostOrigin(req: Pick<IncomingMessage, 'headers'>, origin: string): string {
  const host = header(req, 'x-forwarded-host') ?? header(req, 'host');
  if (!host) return '';
  const scheme = origin.startsWith('https:') ? 'https' : 'http';
  return `${scheme}://${host}`;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
