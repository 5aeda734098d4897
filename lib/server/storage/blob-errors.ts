/** No object under this key: for a file row, the bytes are missing; for a thumbnail, not made yet. */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`blob ${key} not found`);
    this.name = 'BlobNotFoundError';
  }
}

/**
 * The blob store cannot be used right now (the bucket is unreachable, refuses our credentials,
 * or does not exist). Requests answer 503 with status 10, like an unreachable database.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

export function isBlobNotFound(err: unknown): err is BlobNotFoundError {
  return err instanceof BlobNotFoundError;
}

export function isStorageUnavailable(err: unknown): err is StorageUnavailableError {
  return err instanceof StorageUnavailableError;
}
