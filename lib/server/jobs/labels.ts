import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ips, licensees, licenses } from '../db/entities-schema';
import { contracts, emailOutbox } from '../db/platform-schema';

/** "IP name · licensee name" of licenses, by license key. */
export async function licenseLabels(db: Db, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: licenses.key, ip: ips.name, licensee: licensees.name })
    .from(licenses)
    .leftJoin(ips, eq(ips.key, licenses.ip))
    .leftJoin(licensees, eq(licensees.key, licenses.licensee))
    .where(inArray(licenses.key, keys));
  return new Map(rows.map((r) => [r.key, [r.ip, r.licensee].filter(Boolean).join(' · ')]));
}

/** The license label of contracts (with their revision), by contract key. */
export async function contractLabels(db: Db, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: contracts.key, license: contracts.license, revision: contracts.revision })
    .from(contracts)
    .where(inArray(contracts.key, keys));
  const names = await licenseLabels(
    db,
    rows.map((r) => r.license),
  );
  return new Map(rows.map((r) => [r.key, `${names.get(r.license) ?? ''} r${r.revision}`.trim()]));
}

/** "recipient: subject" of outbox messages, by message key. */
export async function mailLabels(db: Db, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: emailOutbox.key, to: emailOutbox.to, subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(inArray(emailOutbox.key, keys));
  return new Map(rows.map((r) => [r.key, `${r.to}: ${r.subject}`]));
}

/** IP names, by IP key. */
export async function ipLabels(db: Db, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await db.select({ key: ips.key, name: ips.name }).from(ips).where(inArray(ips.key, keys));
  return new Map(rows.map((r) => [r.key, r.name]));
}
