import { describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  isBlobNotFound,
  isStorageUnavailable,
  StorageUnavailableError,
} from '@/lib/server/storage/blob-errors';

// The store's errors may come from another copy of the module (the start-up bundle made the store).
class ForeignBlobNotFound extends Error {
  constructor() {
    super('blob thumbs/x-640-75.webp not found');
    this.name = 'BlobNotFoundError';
  }
}

describe('blob store errors', () => {
  it('recognises a missing blob from this module and from another copy of it', () => {
    expect(isBlobNotFound(new BlobNotFoundError('thumbs/x'))).toBe(true);
    expect(isBlobNotFound(new ForeignBlobNotFound())).toBe(true);
    expect(isBlobNotFound(new Error('disk full'))).toBe(false);
    expect(isBlobNotFound('BlobNotFoundError')).toBe(false);
  });

  it('recognises an unavailable store the same way', () => {
    const foreign = Object.assign(new Error('bucket unreachable'), { name: 'StorageUnavailableError' });
    expect(isStorageUnavailable(new StorageUnavailableError('x'))).toBe(true);
    expect(isStorageUnavailable(foreign)).toBe(true);
    expect(isStorageUnavailable(new ForeignBlobNotFound())).toBe(false);
  });
});
