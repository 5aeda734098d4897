import { and, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { ips, licenses } from '../db/entities-schema';
import { files } from '../db/schema';
import { viewerOf } from '../entities/viewer';
import { isHash } from '../storage/blob-keys';

export interface AssetFile {
  /** Path inside the zip. */
  path: string;
  name: string;
  sha256: string;
  size: number;
  mime: string;
  ip: string;
}

export interface AssetIp {
  key: string;
  name: string;
  kind: string;
  /** `licensed`: the IP the license names; `primary`: the primary IP a secondary one derives from. */
  role: 'licensed' | 'primary';
  folder: string;
  guidelines: string | null;
}

export interface LicenseAssets {
  license: { key: string; licensee: string; state: string; ip: string };
  ips: AssetIp[];
  files: AssetFile[];
  /** Image references with no stored bytes, named in the manifest rather than failing the download. */
  missing: { ip: string; hash: string }[];
  /** Sum of the stored sizes of the files plus the text entries: what the progress bar counts to. */
  totalBytes: number;
}

/** A name safe as one zip path segment on every system. */
export function safeSegment(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .trim()
    .replace(/^\.+/, '_')
    .slice(0, 80);
  return cleaned || fallback;
}

function notFound(): never {
  throw new AppError('not_found', 'license not found');
}

const notActive = {
  jp: '有効なライセンスの素材だけをダウンロードできます。',
  en: 'Only the assets of an active license can be downloaded.',
};

type IpRow = typeof ips.$inferSelect;

/**
 * What a license grants for download: its IP's original images and guidelines, and for a
 * secondary IP its primary IP's too. Members of the license's organisation while the license is
 * active; holder roles always. Anyone else: not found.
 */
export async function licenseAssets(db: Db, caller: Caller, id: unknown): Promise<LicenseAssets> {
  if (typeof id !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(id)) notFound();
  const [license] = await db
    .select({ key: licenses.key, licensee: licenses.licensee, state: licenses.state, ip: licenses.ip })
    .from(licenses)
    .where(eq(licenses.key, id))
    .limit(1);
  if (!license) notFound();
  const viewer = await viewerOf(db, caller);
  if (!viewer.holder) {
    if (!viewer.licensees.includes(license.licensee)) notFound();
    if (license.state !== 'active') throw fieldError(caller.lang, { license: { message: notActive } }, { conflict: true });
  }
  const [ip] = await db.select().from(ips).where(eq(ips.key, license.ip)).limit(1);
  if (!ip) notFound();
  const chain: { row: IpRow; role: AssetIp['role'] }[] = [{ row: ip, role: 'licensed' }];
  if (ip.kind !== 'primary' && ip.parent) {
    const [parent] = await db.select().from(ips).where(eq(ips.key, ip.parent)).limit(1);
    if (parent) chain.push({ row: parent, role: 'primary' });
  }
  const hashes = [...new Set(chain.flatMap(({ row }) => row.images.map((i) => i.hash)).filter(isHash))];
  const stored = hashes.length
    ? await db
        .select({ hash: files.hash, size: files.size, mime: files.mime, name: files.name })
        .from(files)
        .where(and(inArray(files.hash, hashes)))
    : [];
  const byHash = new Map(stored.map((f) => [f.hash, f]));
  const out: AssetIp[] = [];
  const assetFiles: AssetFile[] = [];
  const missing: LicenseAssets['missing'] = [];
  let totalBytes = 0;
  const used = new Set<string>();
  for (const { row, role } of chain) {
    let folder = safeSegment(role === 'primary' ? `primary-${row.name}` : row.name, row.key);
    if (used.has(folder)) folder = `${folder}-${row.key.slice(0, 6)}`;
    used.add(folder);
    out.push({ key: row.key, name: row.name, kind: row.kind, role, folder, guidelines: row.guidelines ?? null });
    if (row.guidelines) totalBytes += Buffer.byteLength(row.guidelines);
    row.images.forEach((image, index) => {
      const file = byHash.get(image.hash);
      if (!file) {
        missing.push({ ip: row.key, hash: image.hash });
        return;
      }
      const name = safeSegment(image.name ?? file.name, image.hash.slice(0, 12));
      const path = `${folder}/images/${String(index + 1).padStart(3, '0')}-${name}`;
      assetFiles.push({ path, name: image.name ?? file.name, sha256: file.hash, size: file.size, mime: file.mime, ip: row.key });
      totalBytes += file.size;
    });
  }
  return { license, ips: out, files: assetFiles, missing, totalBytes };
}
