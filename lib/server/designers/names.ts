import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ips, licensees } from '../db/entities-schema';

/** Names of the IPs with these keys (a designer may not read every IP a record points at). */
export async function ipNames(db: Db, keys: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ key: ips.key, name: ips.name }).from(ips).where(inArray(ips.key, wanted));
  return new Map(rows.map((r) => [r.key, r.name]));
}

/** Names of licensee organisations; a designer may not read Licensee records themselves. */
export async function licenseeNames(db: Db, keys: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ key: licensees.key, name: licensees.name })
    .from(licensees)
    .where(inArray(licensees.key, wanted));
  return new Map(rows.map((r) => [r.key, r.name]));
}
