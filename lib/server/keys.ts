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
