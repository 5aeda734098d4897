/**
 * Names of objects in the blob store, relative to its root (DATA_DIR/files, or the bucket and
 * prefix): the same layout in both stores, so a local store can be copied into a bucket as it is.
 */
/** A sha-256 in the form the store names files with: 64 lower-case hex digits. */
export function isHash(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

export type BlobKey = string & { readonly __blobKey: unique symbol };

/** `<first 2 hex>/<sha-256>`: a file's bytes. */
export function blobKey(hash: string): BlobKey {
  if (!isHash(hash)) throw new TypeError('not a sha-256 hash');
  return `${hash.slice(0, 2)}/${hash}` as BlobKey;
}

/** `thumbs/<sha-256>-<width>-<quality>.webp`: a cached rendering, made again when missing. */
export function thumbKey(hash: string, width: number, quality: number): BlobKey {
  if (!isHash(hash)) throw new TypeError('not a sha-256 hash');
  if (!Number.isInteger(width) || !Number.isInteger(quality)) throw new TypeError('width and quality are integers');
  return `thumbs/${hash}-${width}-${quality}.webp` as BlobKey;
}
