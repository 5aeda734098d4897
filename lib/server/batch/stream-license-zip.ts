import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { ZipArchive, type ProgressData } from 'archiver';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { blobKey } from '../storage/blob-keys';
import { getBlobStore } from '../storage/blob-store';
import { contentDisposition } from '../storage/send-file';
import { BlobSequence } from './blob-sequence';
import { licenseAssets, safeSegment, type LicenseAssets } from './license-assets';

export function manifestOf(assets: LicenseAssets): string {
  return JSON.stringify(
    {
      license: assets.license.key,
      licensee: assets.license.licensee,
      generated: new Date().toISOString(),
      ips: assets.ips.map(({ key, name, kind, role, folder, guidelines }) => ({
        key,
        name,
        kind,
        role,
        folder,
        guidelines: guidelines ? `${folder}/guidelines.txt` : null,
      })),
      files: assets.files.map(({ path, name, sha256, size, mime, ip }) => ({ path, name, sha256, size, mime, ip })),
      missing: assets.missing,
    },
    null,
    2,
  );
}

/** Resolves once everything appended so far is in the archive; rejects when the archive fails or the signal aborts. */
async function drained(archive: ZipArchive, signal: AbortSignal): Promise<void> {
  for (;;) {
    const [progress] = (await once(archive, 'progress', { signal })) as [ProgressData];
    if (progress.entries.processed >= progress.entries.total) return;
  }
}

/**
 * GET /api/batch/license/{id}: one zip of what the license grants, streamed. archiver reads every
 * appended stream at once, so files are handed to it one at a time from the blob store (local disk
 * or a bucket), the next opened while the one before is copied, and the response's backpressure
 * paces the copy: memory stays flat and at most two reads are open, whatever the total. The first
 * file is opened before anything is sent, so a store that is down answers 503, not a broken zip.
 * Images are already compressed: entries are stored, not deflated. The length is unknown up front,
 * so X-Total-Bytes carries the sum of the contents for a progress bar. A client that goes away
 * aborts the archive and the reads.
 */
export async function streamLicenseZip(db: Db, caller: Caller, res: ServerResponse, id: unknown): Promise<void> {
  const assets = await licenseAssets(db, caller, id);
  const manifest = manifestOf(assets);
  const blobs = new BlobSequence(
    await getBlobStore(),
    assets.files.map((file) => ({ key: blobKey(file.sha256), name: file.path })),
  );
  try {
    await blobs.ready();
  } catch (err) {
    blobs.close();
    throw err;
  }
  const fileName = `${safeSegment(assets.ips[0]?.name ?? 'license', 'license')}-${assets.license.key.slice(0, 8)}.zip`;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', contentDisposition('attachment', fileName));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Total-Bytes', String(assets.totalBytes + Buffer.byteLength(manifest)));
  res.setHeader('Access-Control-Expose-Headers', 'X-Total-Bytes');
  const archive = new ZipArchive({ store: true });
  const stop = new AbortController();
  const ended = new Promise<void>((resolve) => {
    res.on('close', () => {
      // Closed before the end: the client went away (or a read failed); stop reading files.
      if (!res.writableFinished) {
        stop.abort();
        archive.abort();
        blobs.close();
      }
      resolve();
    });
    res.on('finish', resolve);
  });
  archive.on('warning', (err: Error) => console.warn('[batch] zip warning:', err.message));
  archive.on('error', (err: Error) => {
    if (!stop.signal.aborted) console.error('[batch] zip failed:', err.message);
    stop.abort();
    blobs.close();
    res.destroy(err);
  });
  archive.pipe(res);
  archive.append(manifest, { name: 'manifest.json' });
  for (const ip of assets.ips) {
    if (ip.guidelines) archive.append(ip.guidelines, { name: `${ip.folder}/guidelines.txt` });
  }
  try {
    for (let item = await blobs.next(); item && !stop.signal.aborted; item = await blobs.next()) {
      if (!item.stream) continue;
      archive.append(item.stream, { name: item.entry.name });
      await drained(archive, stop.signal);
    }
    if (!stop.signal.aborted) void archive.finalize().catch(() => undefined);
  } catch (err) {
    // Headers and part of the zip are out: the only honest answer left is a cut connection.
    if (!stop.signal.aborted) {
      console.error('[batch] zip stopped:', (err as Error).message);
      stop.abort();
      archive.abort();
      blobs.close();
      res.destroy(err as Error);
    }
  }
  await ended;
}
