import type { ServerResponse } from 'node:http';
import { ZipArchive } from 'archiver';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { contentDisposition } from '../storage/send-file';
import { blobPath } from '../storage/paths';
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

/**
 * GET /api/batch/license/{id}: one zip of what the license grants, streamed. Files go from the
 * content-addressed store into the archive one at a time (archiver opens each lazily and respects
 * the response's backpressure), so memory stays flat whatever the total. Images are already
 * compressed: entries are stored, not deflated. The length is unknown up front, so X-Total-Bytes
 * carries the sum of the contents for a progress bar. A client that goes away aborts the archive.
 */
export async function streamLicenseZip(db: Db, caller: Caller, res: ServerResponse, id: unknown): Promise<void> {
  const assets = await licenseAssets(db, caller, id);
  const manifest = manifestOf(assets);
  const fileName = `${safeSegment(assets.ips[0]?.name ?? 'license', 'license')}-${assets.license.key.slice(0, 8)}.zip`;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', contentDisposition('attachment', fileName));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Total-Bytes', String(assets.totalBytes + Buffer.byteLength(manifest)));
  res.setHeader('Access-Control-Expose-Headers', 'X-Total-Bytes');
  const archive = new ZipArchive({ store: true });
  await new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    res.on('close', () => {
      // Closed before the end: the client went away; stop reading files.
      if (!res.writableFinished) archive.abort();
      finish();
    });
    res.on('finish', finish);
    archive.on('warning', (err: Error) => console.warn('[batch] zip warning:', err.message));
    archive.on('error', (err: Error) => {
      console.error('[batch] zip failed:', err.message);
      res.destroy(err);
      finish();
    });
    archive.pipe(res);
    archive.append(manifest, { name: 'manifest.json' });
    for (const ip of assets.ips) {
      if (ip.guidelines) archive.append(ip.guidelines, { name: `${ip.folder}/guidelines.txt` });
    }
    for (const file of assets.files) archive.file(blobPath(file.sha256), { name: file.path });
    void archive.finalize().catch(() => undefined);
  });
}
