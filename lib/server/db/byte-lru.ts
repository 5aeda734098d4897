/**
 * A least-recently-used map bounded by the bytes its entries take, as the caller measures them.
 * A Map keeps insertion order, so the first key is always the least recently used one: a read
 * moves its entry to the end, an insertion past the budget drops from the front.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private used = 0;

  /** `maxBytes` for all entries; one entry larger than `maxBytes / 8` is not kept (it would flush the rest). */
  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Without touching its place in the order. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Whether it was kept: a value over an eighth of the budget never is. */
  set(key: string, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.maxBytes / 8) return false;
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}
