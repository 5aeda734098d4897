import { createHash } from 'node:crypto';

/**
 * CIDv1 of raw bytes (IPFS content identifiers), written out by hand: version 1, codec raw
 * (0x55), multihash sha2-256 (0x12, length 0x20) and the digest, in lower-case RFC 4648 base32
 * without padding behind the multibase prefix `b`.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const PREFIX = [0x01, 0x55, 0x12, 0x20] as const;

/** RFC 4648 base32, lower case, no padding. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** The bytes of lower- or upper-case unpadded base32; null when a character is not base32 or bits are left over. */
export function base32Decode(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text.toLowerCase()) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  // Canonical encodings leave fewer than 5 zero bits behind.
  if (bits >= 5 || (buffer & ((1 << bits) - 1)) !== 0) return null;
  return Uint8Array.from(out);
}

/** The CIDv1 (raw, sha2-256, base32) of a sha-256 digest, given as 32 bytes or 64 hex digits. */
export function cidFromSha256(digest: Uint8Array | string): string {
  const bytes = typeof digest === 'string' ? Buffer.from(digest, 'hex') : digest;
  if (bytes.length !== 32 || (typeof digest === 'string' && !/^[0-9a-f]{64}$/i.test(digest))) {
    throw new TypeError('a sha-256 digest has 32 bytes');
  }
  return `b${base32(Uint8Array.from([...PREFIX, ...bytes]))}`;
}

/** The CIDv1 of some bytes. */
export function cidOf(bytes: Uint8Array): string {
  return cidFromSha256(createHash('sha256').update(bytes).digest());
}

/** The sha-256 (hex) inside a CIDv1 raw sha2-256 base32 identifier; null for anything else. */
export function sha256FromCid(cid: string): string | null {
  if (cid.length !== 59 || cid[0] !== 'b') return null;
  const bytes = base32Decode(cid.slice(1));
  if (!bytes || bytes.length !== 36 || PREFIX.some((b, i) => bytes[i] !== b)) return null;
  return Buffer.from(bytes.subarray(4)).toString('hex');
}
