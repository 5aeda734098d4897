import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { writeAdminLog } from '../audit/write-admin-log';
import type { Db } from '../db/client';
import { sub } from '../entities/field-rules';
import { validateInput } from '../common/validate-input';
import { changeAccess, lockUser, type AccessDiff } from '../roles/change-access';
import { forbidden, roleNames } from '../roles/role-lists';
import { changeHolderListIn } from './change-holder-list';
import { holderAuthority } from './holder-authority';
import { requireDefaultHolder } from './default-holder';

/** Body of /api/role/boss (POST grants, DELETE revokes). */
export const roleBossInput = z.object({ sub: sub() }).strict();

export interface BossChange {
  sub: string;
  /** Subs in the boss approver group after the call. */
  members: string[];
  /** The person's access entries after the call. */
  access: string[];
  changed: boolean;
}

/**
 * The boss approver group and the `<client>:boss` access entry change together: one
 * transaction, one admin log entry (`holder.boss.add` / `holder.boss.remove`).
 */
export async function changeBoss(db: Db, caller: Caller, body: unknown, op: 'add' | 'remove'): Promise<BossChange> {
  if (!holderAuthority(caller, await requireDefaultHolder(db)).holderLists) forbidden();
  const input = validateInput(roleBossInput, body, caller.lang);
  const entry = `${roleNames().client}:boss`;
  return db.transaction(async (tx) => {
    const list = await changeHolderListIn(tx, caller, { type: 'approver_boss', sub: input.sub, op });
    if (!holderAuthority(caller, list.holder).holderLists) forbidden();
    // Adding checked the account exists; removing also clears the group of a sub whose account is gone.
    const exists = await lockUser(tx, input.sub);
    const access: AccessDiff = exists
      ? await changeAccess(tx, {
          sub: input.sub,
          grantedBy: caller.sub,
          ...(op === 'add' ? { add: [entry] } : { remove: [entry] }),
        })
      : { before: [], after: [], changed: false };
    const changed = list.changed || access.changed;
    if (changed) {
      await writeAdminLog(tx, {
        sub: caller.sub,
        action: `holder.boss.${op}`,
        ref: list.holder.key,
        data: {
          sub: input.sub,
          entry,
          before: { approver_boss: list.before, access: access.before },
          after: { approver_boss: list.members, access: access.after },
        },
      });
    }
    return { sub: input.sub, members: list.members, access: access.after, changed };
  });
}
