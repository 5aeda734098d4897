import type { Readable } from 'node:stream';
import { isBlobNotFound } from '../storage/blob-errors';
import type { BlobKey } from '../storage/blob-keys';
import type { BlobStore } from '../storage/blob-store';

export interface BlobEntry {
  key: BlobKey;
  /** The entry's path inside the archive. */
  name: string;
}

export interface OpenedEntry {
  entry: BlobEntry;
  /** Null when the bytes are missing from the store (the entry is left out, as a missing file always was). */
  stream: Readable | null;
}

/**
 * Opens the reads of many blobs strictly in order, one ahead of the one being copied: the store's
 * latency (a GET's first byte) overlaps the copy, while never more than two reads are open at once,
 * whatever the number of files. The read ahead is not consumed until asked for, so backpressure
 * holds its bytes in the socket or on disk.
 */
export class BlobSequence {
  private index = 0;
  private ahead: Promise<Readable | null> | null = null;
  private current: Readable | null = null;
  private closed = false;

  constructor(
    private readonly store: BlobStore,
    private readonly entries: readonly BlobEntry[],
  ) {
    this.ahead = this.openAt(0);
  }

  private openAt(index: number): Promise<Readable | null> | null {
    const entry = this.entries[index];
    if (!entry) return null;
    const opening = this.store.openRead(entry.key).catch((err: unknown) => {
      if (!isBlobNotFound(err)) throw err;
      console.warn(`[batch] ${entry.key} is missing from the file store; ${entry.name} left out`);
      return null;
    });
    // Awaited later by next(); until then a failure must not count as unhandled.
    opening.catch(() => undefined);
    return opening;
  }

  /** Waits for the first read to open, so a store that cannot be reached fails before anything is sent. */
  async ready(): Promise<void> {
    await this.ahead;
  }

  /** The next entry and its stream, opening the one after it; undefined after the last. */
  async next(): Promise<OpenedEntry | undefined> {
    if (this.closed || !this.ahead) return undefined;
    const entry = this.entries[this.index]!;
    const stream = await this.ahead;
    this.index += 1;
    this.ahead = this.openAt(this.index);
    this.current = stream;
    if (this.closed) {
      stream?.destroy();
      return undefined;
    }
    return { entry, stream };
  }

  /** Stops: the stream being copied and the one read ahead are destroyed (their sockets or files released). */
  close(): void {
    this.closed = true;
    this.current?.destroy();
    void this.ahead?.then((stream) => stream?.destroy()).catch(() => undefined);
    this.ahead = null;
  }
}
