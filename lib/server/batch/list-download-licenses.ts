import { and, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { ips, licensees, licenses } from '../db/entities-schema';
import { files } from '../db/schema';
import { viewerOf } from '../entities/viewer';
import { isHash } from '../storage/blob-keys';

export interface DownloadableLicense {
  license: string;
  /** The license's number (LIC-2026-0042). */
  reference: string;
  licensee: string;
  licensee_name: string;
  ip: string;
  ip_name: string;
  ip_kind: string;
  parent_name: string | null;
  term_start: string;
  term_end: string;
  files: number;
  bytes: number;
  guidelines: boolean;
}

/** The active licenses of the caller's organisations, with how many files and bytes each grants. */
export async function listDownloadLicenses(db: Db, caller: Caller): Promise<DownloadableLicense[]> {
  const viewer = await viewerOf(db, caller);
  if (viewer.licensees.length === 0) return [];
  const rows = await db
    .select({
      license: licenses.key,
      reference: licenses.reference,
      licensee: licenses.licensee,
      licensee_name: licensees.name,
      term_start: licenses.term_start,
      term_end: licenses.term_end,
      ip: ips,
    })
    .from(licenses)
    .innerJoin(ips, eq(ips.key, licenses.ip))
    .leftJoin(licensees, eq(licensees.key, licenses.licensee))
    .where(and(inArray(licenses.licensee, viewer.licensees), eq(licenses.state, 'active')))
    .orderBy(licenses.dateCreated);
  const parentKeys = [...new Set(rows.map((r) => r.ip.parent).filter((p): p is string => !!p && p.length > 0))];
  const parents = parentKeys.length ? await db.select().from(ips).where(inArray(ips.key, parentKeys)) : [];
  const parentOf = new Map(parents.map((p) => [p.key, p]));
  const hashes = new Set<string>();
  for (const r of rows) {
    const chain = [r.ip, r.ip.kind !== 'primary' && r.ip.parent ? parentOf.get(r.ip.parent) : undefined];
    for (const ip of chain) ip?.images.forEach((i) => isHash(i.hash) && hashes.add(i.hash));
  }
  const sizes = hashes.size
    ? new Map(
        (
          await db
            .select({ hash: files.hash, size: files.size })
            .from(files)
            .where(inArray(files.hash, [...hashes]))
        ).map((f) => [f.hash, f.size]),
      )
    : new Map<string, number>();
  return rows.map((r) => {
    const parent = r.ip.kind !== 'primary' && r.ip.parent ? parentOf.get(r.ip.parent) : undefined;
    const images = [...r.ip.images, ...(parent?.images ?? [])].filter((i) => sizes.has(i.hash));
    return {
      license: r.license,
      reference: r.reference,
      licensee: r.licensee,
      licensee_name: r.licensee_name ?? '',
      ip: r.ip.key,
      ip_name: r.ip.name,
      ip_kind: r.ip.kind,
      parent_name: parent?.name ?? null,
      term_start: r.term_start.toISOString(),
      term_end: r.term_end.toISOString(),
      files: images.length,
      bytes: images.reduce((s, i) => s + (sizes.get(i.hash) ?? 0), 0),
      guidelines: !!(r.ip.guidelines || parent?.guidelines),
    };
  });
}
