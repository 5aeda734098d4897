import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { BlobKey } from './blob-keys';
import { BlobNotFoundError } from './blob-errors';
import type { BlobStore } from './blob-store';
import { localPath } from './paths';
import { writeAtomic } from './write-atomic';

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** DATA_DIR/files on this machine: atomic writes (temporary file + rename), one process or a shared volume. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;

  async put(key: BlobKey, bytes: Buffer): Promise<void> {
    const target = localPath(key);
    const existing = await fs.promises.stat(target).catch(() => null);
    if (existing?.isFile() && existing.size === bytes.length) return;
    await writeAtomic(target, bytes);
  }

  async size(key: BlobKey): Promise<number | null> {
    try {
      const stat = await fs.promises.stat(localPath(key));
      return stat.isFile() ? stat.size : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async openRead(key: BlobKey): Promise<Readable> {
    try {
      // Opened now, so a missing file fails here and not in the middle of a response.
      const handle = await fs.promises.open(localPath(key), 'r');
      return handle.createReadStream();
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async read(key: BlobKey): Promise<Buffer> {
    try {
      return await fs.promises.readFile(localPath(key));
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  close(): void {}
}
