import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { docs } from '../db/schema';

/** The license fields a contract binds: a change to any of them after signing voids the signatures. */
export const CONTRACTUAL_FIELDS = [
  'ip',
  'licensee',
  'territory',
  'channels',
  'categories',
  'term_start',
  'term_end',
  'royalty_rate_bp',
  'minimum_guarantee',
  'advance',
  'currency',
] as const;

type Row = Record<string, unknown>;

function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const obj = value as Row;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, canonical(obj[k])]),
    );
  }
  return value ?? null;
}

/** The contractual fields of a license row, in a stable, JSON-safe shape. */
export function contractualTerms(license: Row): Row {
  const out: Row = {};
  for (const field of CONTRACTUAL_FIELDS) out[field] = canonical(license[field]);
  return out;
}

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** SHA-256 of the canonical JSON of the license's contractual fields. */
export function termsHashOf(license: Row): string {
  return sha256Hex(JSON.stringify(contractualTerms(license)));
}

export interface TermsVersions {
  common: string | null;
  licensee: string | null;
}

const TERMS_KINDS = { common: 'terms-common', licensee: 'terms-licensee' } as const;

function effectiveTime(version: Row): number | null {
  const meta = (version.metadata ?? {}) as Row;
  for (const field of ['effective', 'effectiveFrom', 'effective_from', 'effectiveDate', 'date']) {
    const value = meta[field] ?? version[field];
    if (typeof value === 'string' || value instanceof Date) {
      const time = new Date(value).getTime();
      if (Number.isFinite(time)) return time;
    }
  }
  return null;
}

/** The version label of the newest version already in force of one terms document (null: none). */
export function versionInForce(data: unknown, now = Date.now()): string | null {
  const versions = (data as { versions?: unknown } | null)?.versions;
  if (!Array.isArray(versions)) return null;
  const inForce = (versions as Row[]).filter((v) => {
    if (!v || typeof v !== 'object') return false;
    const at = effectiveTime(v);
    return at === null || at <= now;
  });
  const latest = inForce[inForce.length - 1];
  const label = (latest?.metadata as Row | undefined)?.version ?? latest?.version;
  return typeof label === 'string' || typeof label === 'number' ? String(label) : null;
}

/** The docs ids of the common and the licensee terms (docs name 'terms'). */
export const TERMS_DOC_IDS: readonly string[] = Object.values(TERMS_KINDS);

/** The versions in force of the two terms documents, from their docs rows' data by id. */
export function termsVersionsOf(dataById: ReadonlyMap<string, unknown>): TermsVersions {
  return {
    common: versionInForce(dataById.get(TERMS_KINDS.common)),
    licensee: versionInForce(dataById.get(TERMS_KINDS.licensee)),
  };
}

/** The latest versions in force of the common and the licensee terms (docs name 'terms'). */
export async function termsVersionsInForce(db: Db): Promise<TermsVersions> {
  const rows = await db
    .select({ id: docs.id, data: docs.data })
    .from(docs)
    .where(and(eq(docs.name, 'terms'), inArray(docs.id, [...TERMS_DOC_IDS])));
  return termsVersionsOf(new Map(rows.map((r) => [r.id, r.data])));
}
