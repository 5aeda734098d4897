import { eq } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { holders } from '../db/entities-schema';
import { forgetDefaultHolder } from '../holder/default-holder';
import { latestInForce, type TermsKind, type TermsVersion } from '../../terms/kinds';

/**
 * Terms documents live on the holder record (SPEC §3 "Holder: … terms lists"): `terms[kind]` is
 * the list of versions, oldest first, so the latest is the last entry. `entity` names the holder;
 * without it the default holder (the only one the platform seeds) is meant.
 */
export type HolderRow = typeof holders.$inferSelect;

export async function holderOf(db: Db, entity: string | undefined, forUpdate = false): Promise<HolderRow> {
  const condition = entity ? eq(holders.key, entity) : eq(holders.is_default, true);
  const query = db.select().from(holders).where(condition).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', 'holder not found');
  return row;
}

function isVersion(value: unknown): value is TermsVersion {
  if (value === null || typeof value !== 'object') return false;
  const { metadata, content } = value as Partial<TermsVersion>;
  return typeof content === 'string' && !!metadata && typeof metadata.version === 'string';
}

/** The versions of one kind; entries written by hand (Holder PATCH) that do not fit are skipped. */
export function versionsOf(row: HolderRow, kind: TermsKind): TermsVersion[] {
  const list = row.terms?.[kind];
  if (!Array.isArray(list)) return [];
  return list.filter(isVersion).map((v) => ({
    metadata: {
      version: v.metadata.version,
      published: typeof v.metadata.published === 'string' ? v.metadata.published : '',
      format: v.metadata.format === 'text' ? 'text' : 'html',
      ...(typeof v.metadata.document === 'string' && v.metadata.document ? { document: v.metadata.document } : {}),
      ...(typeof v.metadata.withdrawn === 'string' && v.metadata.withdrawn ? { withdrawn: v.metadata.withdrawn } : {}),
    },
    content: v.content,
  }));
}

export async function saveVersions(db: Db, row: HolderRow, kind: TermsKind, versions: TermsVersion[]): Promise<void> {
  forgetDefaultHolder();
  await db
    .update(holders)
    .set({ terms: { ...row.terms, [kind]: versions }, version: row.version + 1, dateUpdated: new Date() })
    .where(eq(holders.key, row.key));
}

export interface TermsDocument {
  type: TermsKind;
  entity: string;
  /** Every version ever published, oldest first, withdrawn ones included (marked). */
  versions: TermsVersion[];
  /** The version in force: the newest not withdrawn. */
  latest: TermsVersion | null;
  /** For holder staff only: how many acceptances each version has. */
  acceptances?: Record<string, number>;
}

export function documentOf(row: HolderRow, kind: TermsKind, versions = versionsOf(row, kind)): TermsDocument {
  return { type: kind, entity: row.key, versions, latest: latestInForce(versions) };
}
