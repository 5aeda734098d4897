import { eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { licensees } from '../db/entities-schema';
import { viewerOf } from '../entities/viewer';
import { forbidden, roleNames } from '../roles/role-lists';
import { LICENSEE_ROLES } from './inputs';

export { LICENSEE_ROLES };
export type LicenseeRole = (typeof LICENSEE_ROLES)[number];

/** `<client>:<role>:licensee:<key>`: a person's sub-role inside a licensee organisation (SPEC §6). */
export function licenseeEntry(role: LicenseeRole, key: string): string {
  return `${roleNames().client}:${role}:licensee:${key}`;
}

export function roleOfEntry(entry: string, key: string): LicenseeRole | undefined {
  return LICENSEE_ROLES.find((role) => licenseeEntry(role, key) === entry);
}

export interface LicenseeAuthority {
  key: string;
  /** Administrators and the product role: every organisation, every sub-role. */
  platform: boolean;
  /** The caller is an owner of this organisation (else an admin of it). */
  owner: boolean;
}

/**
 * Who may read and change an organisation's members: the platform (administrators, product role)
 * and the organisation's owners and admins. Its other members are refused; to anyone else, and for
 * a key that names no organisation, it does not exist.
 */
export async function licenseeAuthority(db: Db, caller: Caller, x: unknown): Promise<LicenseeAuthority> {
  if (typeof x !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(x)) throw new AppError('not_found', 'licensee not found');
  const viewer = await viewerOf(db, caller);
  const member = viewer.licensees.includes(x);
  if (!viewer.product && !member) throw new AppError('not_found', 'licensee not found');
  const [org] = await db.select({ key: licensees.key }).from(licensees).where(eq(licensees.key, x)).limit(1);
  if (!org) throw new AppError('not_found', 'licensee not found');
  if (viewer.product) return { key: x, platform: true, owner: false };
  if (!viewer.licenseeAdmin.includes(x)) forbidden();
  return { key: x, platform: false, owner: caller.access.includes(licenseeEntry('owner', x)) };
}
