import { sha256FromCid } from './cid';
import { isHash } from './blob-keys';

/** A file's sha-256 from a path segment: 64 hex digits (any case) or its CIDv1; null otherwise. */
export function hashOfId(id: unknown): string | null {
  if (typeof id !== 'string') return null;
  if (/^[0-9a-fA-F]{64}$/.test(id)) return id.toLowerCase();
  const fromCid = sha256FromCid(id);
  return fromCid && isHash(fromCid) ? fromCid : null;
}

export interface LocalFileRef {
  hash: string;
  /** `public`: /api/core/public/fetch (public files only); `private`: /api/files (access checked). */
  route: 'public' | 'private';
}

const ROUTES: [RegExp, LocalFileRef['route']][] = [
  [/^\/api\/core\/public\/fetch\/([^/?#]+)$/, 'public'],
  [/^\/api\/files\/([^/?#]+)$/, 'private'],
];

/**
 * The stored file a URL names when it is a path of this site's own file routes, else null.
 * Only bare paths count: no scheme, no host, no `//`, no backslash, no query, no `..`; so the
 * image path can never be turned into a fetch of another origin or of a local file.
 */
export function localFileRef(url: unknown): LocalFileRef | null {
  if (typeof url !== 'string' || url.length > 300 || !url.startsWith('/') || url.startsWith('//')) return null;
  if (/[\\\u0000-\u0020\u007f?#%]/.test(url)) return null;
  for (const [pattern, route] of ROUTES) {
    const match = pattern.exec(url);
    if (!match) continue;
    const hash = hashOfId(match[1]);
    return hash ? { hash, route } : null;
  }
  return null;
}
