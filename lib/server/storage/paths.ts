import path from 'node:path';
import { getConfig } from '../../config';

/** Where the file store keeps bytes and thumbnails (DESIGN §1 "files": DATA_DIR/files). */
export function filesDir(): string {
  return path.join(getConfig().dataDir, 'files');
}

/** A sha-256 in the form the store names files with: 64 lower-case hex digits. */
export function isHash(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

/** DATA_DIR/files/<first 2 hex>/<hash>; the hash must have been checked with isHash. */
export function blobPath(hash: string): string {
  if (!isHash(hash)) throw new TypeError('not a sha-256 hash');
  return path.join(filesDir(), hash.slice(0, 2), hash);
}

export function thumbsDir(): string {
  return path.join(filesDir(), 'thumbs');
}

export function thumbPath(hash: string, width: number, quality: number): string {
  if (!isHash(hash)) throw new TypeError('not a sha-256 hash');
  return path.join(thumbsDir(), `${hash}-${width}-${quality}.webp`);
}
