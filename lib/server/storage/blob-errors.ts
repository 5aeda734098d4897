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

// By name as well as by class: the blob store is a process-wide singleton, and the production
// build may hold this module twice (the server's start-up bundle, which made the store, and a
// route's bundle), so an error thrown by the store is not an instance of the route's class.
// A thumbnail cache miss then answered 500 instead of being rendered.
export function isBlobNotFound(err: unknown): err is BlobNotFoundError {
  return err instanceof BlobNotFoundError || (err instanceof Error && err.name === 'BlobNotFoundError');
}

export function isStorageUnavailable(err: unknown): err is StorageUnavailableError {
  return err instanceof StorageUnavailableError || (err instanceof Error && err.name === 'StorageUnavailableError');
}
