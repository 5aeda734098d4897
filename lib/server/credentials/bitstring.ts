import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * The `encodedList` of a W3C Bitstring Status List: a bitstring whose bit i (counted from the
 * most significant bit of the first byte) is the status of the credential at statusListIndex i,
 * GZIP-compressed and written as multibase base64url without padding ('u' prefix). The spec asks
 * for at least 131,072 bits (16 KB) so that one credential's index says little about who holds it.
 * Pure: no I/O here.
 */
export const MIN_STATUS_LIST_BITS = 131_072;

/** A bitstring of `length` bits (rounded up to whole bytes) with the given indexes set. */
export function bitstringOf(setIndexes: Iterable<number>, length = MIN_STATUS_LIST_BITS): Uint8Array {
  const bytes = new Uint8Array(Math.ceil(length / 8));
  for (const index of setIndexes) {
    if (!Number.isInteger(index) || index < 0 || index >= bytes.length * 8) {
      throw new RangeError(`status list index ${index} is outside a list of ${length} bits`);
    }
    bytes[index >> 3]! |= 0x80 >> (index & 7);
  }
  return bytes;
}

export function bitAt(bits: Uint8Array, index: number): boolean {
  if (!Number.isInteger(index) || index < 0 || index >= bits.length * 8) return false;
  return (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}

export function encodeStatusList(bits: Uint8Array): string {
  return `u${gzipSync(bits).toString('base64url')}`;
}

export function decodeStatusList(encodedList: string): Uint8Array {
  if (!encodedList.startsWith('u')) throw new Error('encodedList is not multibase base64url');
  return new Uint8Array(gunzipSync(Buffer.from(encodedList.slice(1), 'base64url')));
}
