import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const KEY_LENGTH = 48;

/** A record key: 48 characters drawn uniformly from a CSPRNG (rejection sampling, no modulo bias). */
export function newKey(length = KEY_LENGTH): string {
  let out = '';
  // 248 is the largest multiple of 62 below 256; bytes at or above it are discarded.
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}
