import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { writeAdminLog } from '../audit/write-admin-log';
import { fieldError } from '../common/field-error';
import type { Tx } from '../common/tx';
import type { Db } from '../db/client';
import { userAccess } from '../db/schema';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { changeAccess, lockExistingUser, lockUser, type AccessDiff } from '../roles/change-access';
import { forbidden } from '../roles/role-lists';
import {
  LICENSEE_ROLES,
  licenseeAuthority,
  licenseeEntry,
  type LicenseeAuthority,
  type LicenseeRole,
} from './licensee-authority';

/** Body of POST /api/role/licensee/{x}: the person's one sub-role in the organisation. */
export const roleLicenseeSetInput = z.object({ sub: sub(), role: z.enum(LICENSEE_ROLES) }).strict();

/** Body of DELETE /api/role/licensee/{x}. */
export const roleLicenseeRemoveInput = z.object({ sub: sub() }).strict();

export interface MemberChange {
  licensee: string;
  sub: string;
  /** The person's entries for this organisation after the call. */
  entries: string[];
  changed: boolean;
}

function entriesFor(key: string): string[] {
  return LICENSEE_ROLES.map((role) => licenseeEntry(role, key));
}

async function otherOwners(tx: Tx, key: string, sub: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userAccess)
    .where(and(eq(userAccess.entry, licenseeEntry('owner', key)), ne(userAccess.sub, sub)));
  return row?.n ?? 0;
}

/**
 * The rules an organisation's own owners and admins follow (the platform is not bound by them):
 * only an owner grants or takes away the owner role, and the last owner stays.
 */
async function assertOrgRules(
  tx: Tx,
  caller: Caller,
  authority: LicenseeAuthority,
  change: { sub: string; before: string[]; role?: LicenseeRole },
): Promise<void> {
  if (authority.platform) return;
  const ownerEntry = licenseeEntry('owner', authority.key);
  const isOwner = change.before.includes(ownerEntry);
  if (!authority.owner && (change.role === 'owner' || isOwner)) forbidden();
  if (isOwner && change.role !== 'owner' && (await otherOwners(tx, authority.key, change.sub)) === 0) {
    throw fieldError(caller.lang, {
      sub: {
        message: {
          jp: '組織の最後のオーナーは外せません。',
          en: 'The last owner of an organisation cannot be removed.',
        },
      },
    });
  }
}

async function scopedEntries(tx: Tx, key: string, sub: string): Promise<string[]> {
  const rows = await tx
    .select({ entry: userAccess.entry })
    .from(userAccess)
    .where(and(eq(userAccess.sub, sub), inArray(userAccess.entry, entriesFor(key))));
  return rows.map((r) => r.entry).sort();
}

/** Gives a person one sub-role in organisation x, replacing any other they had there. */
export async function setLicenseeMember(db: Db, caller: Caller, x: unknown, body: unknown): Promise<MemberChange> {
  const authority = await licenseeAuthority(db, caller, x);
  const input = validateInput(roleLicenseeSetInput, body, caller.lang);
  const key = authority.key;
  const wanted = licenseeEntry(input.role, key);
  return db.transaction(async (tx) => {
    await lockExistingUser(tx, input.sub);
    const before = await scopedEntries(tx, key, input.sub);
    await assertOrgRules(tx, caller, authority, { sub: input.sub, before, role: input.role });
    const diff = await changeAccess(tx, {
      sub: input.sub,
      grantedBy: caller.sub,
      remove: before.filter((e) => e !== wanted),
      add: [wanted],
    });
    const after = await scopedEntries(tx, key, input.sub);
    if (diff.changed) {
      await writeAdminLog(tx, {
        sub: caller.sub,
        action: 'licensee.member.set',
        ref: key,
        data: { licensee: key, sub: input.sub, role: input.role, before, after },
      });
    }
    return { licensee: key, sub: input.sub, entries: after, changed: diff.changed };
  });
}

/** Takes every sub-role in organisation x away from a person. */
export async function removeLicenseeMember(db: Db, caller: Caller, x: unknown, body: unknown): Promise<MemberChange> {
  const authority = await licenseeAuthority(db, caller, x);
  const input = validateInput(roleLicenseeRemoveInput, body, caller.lang);
  const key = authority.key;
  return db.transaction(async (tx) => {
    await lockUser(tx, input.sub);
    const before = await scopedEntries(tx, key, input.sub);
    if (before.length === 0) return { licensee: key, sub: input.sub, entries: [], changed: false };
    await assertOrgRules(tx, caller, authority, { sub: input.sub, before });
    const diff = await changeAccess(tx, { sub: input.sub, grantedBy: caller.sub, remove: before });
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'licensee.member.remove',
      ref: key,
      data: { licensee: key, sub: input.sub, before, after: [] },
    });
    return { licensee: key, sub: input.sub, entries: [], changed: diff.changed };
  });
}

/**
 * Places a person who accepted an invitation into organisation `key` with `role`, in the caller's
 * transaction (after lockUser): replaces another staff/designer sub-role there, but never lowers
 * an owner or admin. Writes no log: the caller logs the acceptance with its context.
 */
export async function joinLicensee(
  tx: Tx,
  change: { key: string; sub: string; role: LicenseeRole; grantedBy: string },
): Promise<AccessDiff> {
  const before = await scopedEntries(tx, change.key, change.sub);
  const stronger = [licenseeEntry('owner', change.key), licenseeEntry('admin', change.key)];
  const wanted = licenseeEntry(change.role, change.key);
  if (change.role !== 'owner' && before.some((e) => stronger.includes(e))) {
    return changeAccess(tx, { sub: change.sub, grantedBy: change.grantedBy });
  }
  return changeAccess(tx, {
    sub: change.sub,
    grantedBy: change.grantedBy,
    remove: before.filter((e) => e !== wanted),
    add: [wanted],
  });
}
