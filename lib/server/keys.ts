import { randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const KEY_LENGTH = 48;

// CSPRNG bytes drawn 16 KB at a time and each used once: a million-row import makes a million
// keys, and one call to the generator per key cost more than the rest of a row's work.
const pool = Buffer.alloc(16 * 1024);
let used = pool.length;

function randomByte(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++]!;
}

/** A record key: 48 characters drawn uniformly from a CSPRNG (rejection sampling, no modulo bias). */
export function newKey(length = KEY_LENGTH): string {
  let out = '';
  // 248 is the largest multiple of 62 below 256; bytes at or above it are discarded.
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

const CODES = Buffer.from(ALPHABET, 'latin1');

/**
 * `count` new keys, each made as newKey makes its one, in ascending order (code-unit order, which
 * is the C collation's). Rows given them in that order fill an index on their key in one sweep
 * instead of at random leaves: what a bulk load of a million rows spends most of its index time on.
 */
export function sortedKeys(count: number): string[] {
  const chars = Buffer.allocUnsafe(count * KEY_LENGTH);
  // Random bytes drawn in one call for the whole run (a few more than needed, as some are
  // discarded), each used once; the pool of newKey is topped up for the last few.
  const bytes = randomFillSync(Buffer.allocUnsafe(Math.ceil(chars.length * 1.05)));
  let b = 0;
  for (let i = 0; i < chars.length;) {
    const byte = b < bytes.length ? bytes[b++]! : randomByte();
    if (byte < 248) chars[i++] = CODES[byte % 62]!;
  }
  const keys = new Array<string>(count);
  for (let k = 0; k < count; k++) keys[k] = chars.toString('latin1', k * KEY_LENGTH, (k + 1) * KEY_LENGTH);
  return keys.sort();
}
