import { inArray } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { userAccess } from '../db/schema';
import { peopleOf, type Person } from '../users/people';
import { LICENSEE_ROLES, licenseeAuthority, licenseeEntry, roleOfEntry, type LicenseeRole } from './licensee-authority';

export interface LicenseeMember extends Person {
  roles: LicenseeRole[];
}

/** GET /api/role/licensee/{x}: the organisation's people with their sub-roles. */
export async function listLicenseeMembers(
  db: Db,
  caller: Caller,
  x: unknown,
): Promise<{ licensee: string; members: LicenseeMember[] }> {
  const { key } = await licenseeAuthority(db, caller, x);
  const rows = await db
    .select({ sub: userAccess.sub, entry: userAccess.entry })
    .from(userAccess)
    .where(
      inArray(
        userAccess.entry,
        LICENSEE_ROLES.map((role) => licenseeEntry(role, key)),
      ),
    );
  const roles = new Map<string, LicenseeRole[]>();
  for (const row of rows) {
    const role = roleOfEntry(row.entry, key);
    if (role) roles.set(row.sub, [...(roles.get(row.sub) ?? []), role]);
  }
  const subs = [...roles.keys()].sort();
  const people = await peopleOf(db, subs);
  return {
    licensee: key,
    members: people.map((person) => ({
      ...person,
      roles: roles.get(person.sub)!.sort((a, b) => LICENSEE_ROLES.indexOf(a) - LICENSEE_ROLES.indexOf(b)),
    })),
  };
}
