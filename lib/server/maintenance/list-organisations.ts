import { and, asc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { licensees, licenses } from '../db/entities-schema';
import { userAccess } from '../db/schema';
import { requireRole } from '../roles/role-lists';
import { peopleOf, type Person } from '../users/people';
import { sysLicenseesInput } from './licensees-input';

export { sysLicenseesInput };

export interface OrganisationRow {
  key: string;
  name: string;
  email: string | null;
  country: string | null;
  dateCreated: Date;
  owner: Person | null;
  /** People holding any role inside the organisation (`client:*:licensee:<key>`). */
  members: number;
  licenses: number;
}

/**
 * Every licensee organisation (administrators): name, owner, member and license counts, ordered
 * by name then key, optionally only those whose name or e-mail contains `q`.
 */
export async function listOrganisations(
  db: Db,
  caller: Caller,
  query: unknown,
): Promise<{ items: OrganisationRow[]; next: string | null }> {
  requireRole(caller, 'dataMaintenance');
  const input = validateInput(sysLicenseesInput, query, caller.lang);
  const limit = input.limit ?? 50;
  const conditions: SQL[] = [];
  if (input.q) {
    const pattern = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(licensees.name, pattern), ilike(licensees.email, pattern))!);
  }
  if (input.cursor) {
    const [after] = await db.select({ name: licensees.name }).from(licensees).where(eq(licensees.key, input.cursor)).limit(1);
    if (after) conditions.push(sql`(${licensees.name}, ${licensees.key}) > (${after.name}, ${input.cursor})`);
    else conditions.push(gt(licensees.key, input.cursor));
  }
  const rows = await db
    .select({
      key: licensees.key,
      name: licensees.name,
      email: licensees.email,
      country: licensees.country,
      dateCreated: licensees.dateCreated,
      owner: licensees.owner,
    })
    .from(licensees)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(licensees.name), asc(licensees.key))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const keys = page.map((r) => r.key);
  const client = getConfig().aclClient;
  const members = keys.length
    ? await db
        .select({
          entity: sql<string>`split_part(${userAccess.entry}, ':', 4)`,
          n: sql<number>`count(distinct ${userAccess.sub})`,
        })
        .from(userAccess)
        .where(
          and(
            sql`${userAccess.entry} like ${`${client}:%:licensee:%`}`,
            inArray(sql`split_part(${userAccess.entry}, ':', 4)`, keys),
          ),
        )
        .groupBy(sql`split_part(${userAccess.entry}, ':', 4)`)
    : [];
  const licenseCounts = keys.length
    ? await db
        .select({ licensee: licenses.licensee, n: sql<number>`count(*)` })
        .from(licenses)
        .where(inArray(licenses.licensee, keys))
        .groupBy(licenses.licensee)
    : [];
  const owners = await peopleOf(
    db,
    page.map((r) => r.owner).filter((s): s is string => Boolean(s)),
  );
  const ownerOf = new Map(owners.map((p) => [p.sub, p]));
  const memberCount = new Map(members.map((m) => [m.entity, Number(m.n)]));
  const licenseCount = new Map(licenseCounts.map((l) => [l.licensee, Number(l.n)]));
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      key: r.key,
      name: r.name,
      email: r.email,
      country: r.country,
      dateCreated: r.dateCreated,
      owner: r.owner ? (ownerOf.get(r.owner) ?? null) : null,
      members: memberCount.get(r.key) ?? 0,
      licenses: licenseCount.get(r.key) ?? 0,
    })),
    next: rows.length > limit && last ? last.key : null,
  };
}
