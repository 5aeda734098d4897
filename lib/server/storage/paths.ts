import path from 'node:path';
import { getConfig } from '../../config';
import { blobKey, thumbKey, type BlobKey } from './blob-keys';

/** Where the local blob store keeps bytes and thumbnails (DESIGN §1 "files": DATA_DIR/files). */
export function filesDir(): string {
  return path.join(getConfig().dataDir, 'files');
}

/** The local file of a blob key. */
export function localPath(key: BlobKey): string {
  return path.join(filesDir(), ...key.split('/'));
}

/** DATA_DIR/files/<first 2 hex>/<hash> (the local store's layout; S3 keys are the same below the prefix). */
export function blobPath(hash: string): string {
  return localPath(blobKey(hash));
}

export function thumbPath(hash: string, width: number, quality: number): string {
  return localPath(thumbKey(hash, width, quality));
}
