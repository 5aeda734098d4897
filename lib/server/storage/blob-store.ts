import type { Readable } from 'node:stream';
import { getConfig } from '../../config';
import type { BlobKey } from './blob-keys';

/**
 * Where the file store keeps bytes: DATA_DIR/files on local disk (one process, the default) or
 * an S3-compatible bucket (several replicas). Keys are content-addressed, so an object never
 * changes once written and a second write of the same key can be skipped.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Stores the bytes unless an object of the same size is already there; readers never see a partial object. */
  put(key: BlobKey, bytes: Buffer, contentType?: string): Promise<void>;
  /** The object's size in bytes, or null when there is none. */
  size(key: BlobKey): Promise<number | null>;
  /** A stream of the object; rejects with BlobNotFoundError before any byte when there is none. */
  openRead(key: BlobKey): Promise<Readable>;
  /** The whole object (for sharp, pdf-lib); rejects with BlobNotFoundError when there is none. */
  read(key: BlobKey): Promise<Buffer>;
  /** Lets go of connections (tests; shutdown). */
  close(): void;
}

const storeKey = Symbol.for('ipl.blob-store');
type GlobalWithStore = typeof globalThis & { [storeKey]?: Promise<BlobStore> };

async function create(): Promise<BlobStore> {
  const config = getConfig().storage;
  if (config.kind === 's3') {
    // The SDK loads only when a bucket is configured.
    const { S3BlobStore } = await import('./s3-blob-store');
    return new S3BlobStore(config);
  }
  const { LocalBlobStore } = await import('./local-blob-store');
  return new LocalBlobStore();
}

/** The blob store of this process, chosen once from the settings (S3_BUCKET set: S3, else local disk). */
export function getBlobStore(): Promise<BlobStore> {
  const g = globalThis as GlobalWithStore;
  g[storeKey] ??= create().catch((err: unknown) => {
    delete g[storeKey];
    throw err;
  });
  return g[storeKey];
}

/** Tests switch settings between suites; the next getBlobStore() chooses again. */
export function resetBlobStoreForTests(): void {
  const g = globalThis as GlobalWithStore;
  const current = g[storeKey];
  delete g[storeKey];
  void current?.then((store) => store.close()).catch(() => undefined);
}
