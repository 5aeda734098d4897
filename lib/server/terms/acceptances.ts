import { and, count, desc, eq, lt, or } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { termsAcceptances } from '../db/platform-schema';
import { newKey } from '../keys';
import type { TermsKind } from '../../terms/kinds';
import { acceptedChanges, type WallEntity } from '../../terms/wall';

export interface AcceptanceChange {
  /** Who accepted: the signed-in person making the change. */
  sub: string;
  recordType: WallEntity;
  recordKey: string;
  before: Record<string, unknown> | null | undefined;
  after: Record<string, unknown> | null | undefined;
}

/**
 * Writes one evidence row per terms version a change of accepted_terms_version newly accepts.
 * Call it in the transaction of the change itself, so the record and its evidence land together.
 */
export async function recordAcceptances(tx: Db, change: AcceptanceChange): Promise<number> {
  const accepted = acceptedChanges(change.before, change.after, getConfig().productKey);
  if (accepted.length === 0) return 0;
  await tx.insert(termsAcceptances).values(
    accepted.map(({ kind, version }) => ({
      key: newKey(),
      sub: change.sub,
      kind,
      version,
      recordType: change.recordType,
      recordKey: change.recordKey,
    })),
  );
  return accepted.length;
}

/** How many acceptances each version of a kind has. */
export async function acceptanceCounts(db: Db, kind: TermsKind): Promise<Record<string, number>> {
  const rows = await db
    .select({ version: termsAcceptances.version, n: count() })
    .from(termsAcceptances)
    .where(eq(termsAcceptances.kind, kind))
    .groupBy(termsAcceptances.version);
  return Object.fromEntries(rows.map((r) => [r.version, Number(r.n)]));
}

export interface AcceptanceRow {
  key: string;
  sub: string;
  recordType: string;
  recordKey: string;
  acceptedAt: Date;
}

/** One page of the acceptances of a version, newest first. */
export async function acceptancesOf(
  db: Db,
  kind: TermsKind,
  version: string,
  options: { limit: number; after?: { at: Date; key: string } },
): Promise<AcceptanceRow[]> {
  const cursor = options.after
    ? or(
        lt(termsAcceptances.acceptedAt, options.after.at),
        and(eq(termsAcceptances.acceptedAt, options.after.at), lt(termsAcceptances.key, options.after.key)),
      )
    : undefined;
  return db
    .select({
      key: termsAcceptances.key,
      sub: termsAcceptances.sub,
      recordType: termsAcceptances.recordType,
      recordKey: termsAcceptances.recordKey,
      acceptedAt: termsAcceptances.acceptedAt,
    })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.kind, kind), eq(termsAcceptances.version, version), cursor))
    .orderBy(desc(termsAcceptances.acceptedAt), desc(termsAcceptances.key))
    .limit(options.limit);
}
