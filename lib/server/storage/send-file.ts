import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isImageType } from './sniff-type';

/** Content never changes under its hash; only private files stay out of shared caches. */
export function immutableCache(isPublic: boolean): string {
  return `${isPublic ? 'public' : 'private'}, max-age=31536000, immutable`;
}

/** `inline` or `attachment` with the original name: an ASCII fallback and the UTF-8 form of RFC 6266. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Does the request's If-None-Match name this entity tag (or `*`)? */
export function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

export interface SendOptions {
  hash: string;
  /** Entity tag without quotes (default: the hash). */
  tag?: string;
  mime: string;
  size: number;
  name?: string;
  public: boolean;
  /** Images display inline; anything else downloads (default: by type). */
  disposition?: 'inline' | 'attachment';
}

function setFileHeaders(res: ServerResponse, file: SendOptions, etag: string): void {
  res.setHeader('Content-Type', file.mime);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', immutableCache(file.public));
  res.setHeader('ETag', etag);
  const disposition = file.disposition ?? (isImageType(file.mime) ? 'inline' : 'attachment');
  res.setHeader('Content-Disposition', file.name ? contentDisposition(disposition, file.name) : disposition);
}

/**
 * Streams stored bytes with the headers every file answer carries: the sniffed type, nosniff,
 * an immutable cache lifetime and the hash as entity tag (a matching If-None-Match gets 304).
 * The body may be given as an opener: it is called only when the bytes are sent (a 304 reads
 * nothing from the store), and before any header is set, so its not-found or unavailable error
 * is answered by the route like any other.
 */
export async function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  file: SendOptions,
  body: Readable | Buffer | (() => Promise<Readable>),
): Promise<void> {
  const etag = `"${file.tag ?? file.hash}"`;
  if (notModified(req, etag)) {
    if (body instanceof Readable) body.destroy();
    setFileHeaders(res, file, etag);
    res.statusCode = 304;
    res.removeHeader('Content-Type');
    res.end();
    return;
  }
  const content = typeof body === 'function' ? await body() : body;
  setFileHeaders(res, file, etag);
  res.statusCode = 200;
  res.setHeader('Content-Length', String(file.size));
  if (Buffer.isBuffer(content)) {
    res.end(content);
    return;
  }
  await pipeline(content, res);
}
