import { pathWithoutLang } from '../menu/match';

export type Lang = 'jp' | 'en';
export const LANGS: readonly Lang[] = ['jp', 'en'];
export const DEFAULT_LANG: Lang = 'jp';

/** Key under which the address to return to is stored (encoded) before sign-in starts. */
export const REDIRECT_STORAGE_KEY = 'redirectAfterSignIn';

export function isLang(value: unknown): value is Lang {
  return value === 'jp' || value === 'en';
}

/** `/`, `/jp` and `/en` are the root: nothing is stored for them. */
export function isRootPath(path: string): boolean {
  return pathWithoutLang(path) === '/';
}

/** What to store before sign-in starts: the encoded address, or null on the root path. */
export function addressToStore(address: string): string | null {
  return isRootPath(address) ? null : encodeURIComponent(address);
}

/** After sign-in, on the root path, a stored address (same-origin path only) is restored. */
export function addressToRestore(currentPath: string, stored: string | null): string | null {
  if (!stored || !isRootPath(currentPath)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(stored);
  } catch {
    return null;
  }
  // Only paths on this site: never `//host` or an absolute URL smuggled into storage. Control
  // characters are refused too: URL parsers drop tab/CR/LF, so `/\t/evil.com` would become `//evil.com`.
  if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.includes('\\')) return null;
  if (Array.from(decoded).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  return isRootPath(decoded) ? null : decoded;
}

/** The next-auth sign-in address with the reason and the way back (SPEC §2 "Authentication routes"). */
export function signInAddress(callbackUrl: string): string {
  return `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(callbackUrl)}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** The same page under another language prefix. */
export function switchLanguagePath(address: string, lang: Lang): string {
  // Split at the first `#` and the first `?` only: a query or fragment may itself contain them.
  const [pathAndQuery, hash] = splitOnce(address, '#');
  const [path, query] = splitOnce(pathAndQuery, '?');
  const rest = pathWithoutLang(path);
  const next = `/${lang}${rest === '/' ? '' : rest}`;
  return next + (query ? `?${query}` : '') + (hash ? `#${hash}` : '');
}

/** A stored language of en on a path without /en sends the user to the /en version. */
export function languageRedirect(storedLang: string | null | undefined, address: string): string | null {
  if (storedLang !== 'en') return null;
  const path = address.split(/[?#]/)[0] ?? '/';
  if (path === '/en' || path.startsWith('/en/')) return null;
  return switchLanguagePath(address, 'en');
}

export type SessionDecision =
  | { kind: 'loading' }
  | { kind: 'sign-in'; store: string | null; expired: boolean }
  | { kind: 'denied' }
  | { kind: 'restore'; to: string }
  | { kind: 'show' };

export interface SessionFacts {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  ready?: boolean;
  valid?: boolean;
  allowed: boolean;
  /** Public pages (help, terms, the home landing) render for anyone. */
  isPublic: boolean;
  address: string;
  storedAddress: string | null;
}

/** The session behaviours of SPEC §4 as one decision, so the shell only carries it out. */
export function decideSession(f: SessionFacts): SessionDecision {
  if (f.status === 'loading') return { kind: 'loading' };
  if (f.status === 'unauthenticated') {
    return f.isPublic ? { kind: 'show' } : { kind: 'sign-in', store: addressToStore(f.address), expired: false };
  }
  if (f.valid === false) return { kind: 'sign-in', store: addressToStore(f.address), expired: true };
  if (!f.ready) return { kind: 'loading' };
  const restore = addressToRestore(f.address, f.storedAddress);
  if (restore) return { kind: 'restore', to: restore };
  return f.allowed ? { kind: 'show' } : { kind: 'denied' };
}

/** A callback address is followed only when it stays on this site; anything else becomes `/`. */
export function sameSiteCallback(value: unknown, origin: string): string {
  if (typeof value !== 'string' || value === '') return '/';
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  try {
    const url = new URL(value);
    return url.origin === new URL(origin).origin ? value : '/';
  } catch {
    return '/';
  }
}
