import { createInflateRaw } from 'node:zlib';

/**
 * What a zip (an XLSX) holds, read from its central directory before anything is inflated, and a
 * check that each entry inflates to no more than it declares: a workbook that would unpack past
 * the import's limit is refused from a few hundred bytes of directory, and one that lies about
 * its sizes is stopped at the lie (issue #23: a 264 KB file unpacked to 108 MB).
 */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ZipShapeError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

function endOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  const from = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= from; at--) if (zip.readUInt32LE(at) === EOCD) return at;
  throw new ZipShapeError('no end of central directory');
}

/** The entries of the central directory (ZIP64 archives are refused: no workbook needs one). */
export function zipEntries(zip: Buffer, maxEntries: number): ZipEntry[] {
  const end = endOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || size === ZIP64_MARK || offset === ZIP64_MARK) throw new ZipShapeError('zip64');
  if (count > maxEntries) throw new ZipShapeError('too many entries');
  if (offset + size > end) throw new ZipShapeError('central directory out of bounds');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw new ZipShapeError('bad central directory entry');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.size === ZIP64_MARK || entry.compressedSize === ZIP64_MARK || entry.localHeaderOffset === ZIP64_MARK) {
      throw new ZipShapeError('zip64 entry');
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The sum of the sizes the entries declare. */
export function declaredSize(entries: readonly ZipEntry[]): number {
  return entries.reduce((sum, e) => sum + e.size, 0);
}

/**
 * Inflates every entry and stops at the first that yields more than it declared (or is encrypted,
 * or uses a method other than store or deflate). Bounded by the declared sizes, which the caller
 * has already held to its limit.
 */
export async function assertEntriesHonest(zip: Buffer, entries: readonly ZipEntry[]): Promise<void> {
  for (const entry of entries) {
    if (entry.flags & 0x1) throw new ZipShapeError('encrypted entry');
    const at = entry.localHeaderOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipShapeError('bad local header');
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new ZipShapeError('entry out of bounds');
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw new ZipShapeError('stored entry size mismatch');
      continue;
    }
    if (entry.method !== 8) throw new ZipShapeError('unsupported compression');
    await new Promise<void>((resolve, reject) => {
      let produced = 0;
      const inflate = createInflateRaw();
      inflate.on('data', (chunk: Buffer) => {
        produced += chunk.length;
        if (produced > entry.size) {
          inflate.destroy();
          reject(new ZipShapeError('entry larger than declared'));
        }
      });
      inflate.on('error', () => reject(new ZipShapeError('corrupt entry')));
      inflate.on('end', resolve);
      inflate.end(data);
    });
  }
}
