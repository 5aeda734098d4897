import { eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import type { Tx } from '../common/tx';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { forbidden } from '../roles/role-lists';
import { holderAuthority } from './holder-authority';
import {
  listOf,
  requireDefaultHolder,
  saveList,
  type ApproverGroup,
  type HolderListType,
  type HolderRow,
} from './default-holder';

export interface HolderListChange {
  type: HolderListType;
  sub: string;
  /** Subs in the list after the call. */
  members: string[];
  changed: boolean;
}

export function assertMayChangeList(caller: Caller, holder: HolderRow, type: HolderListType): void {
  const authority = holderAuthority(caller, holder);
  const [kind, group] = type.split('_') as ['approver' | 'manager', string];
  const allowed = kind === 'approver' ? authority.approverGroups.includes(group as ApproverGroup) : authority.holderLists;
  if (!allowed) forbidden();
}

async function assertUserExists(tx: Tx, sub: string): Promise<void> {
  const [row] = await tx.select({ sub: users.sub }).from(users).where(eq(users.sub, sub)).limit(1);
  if (!row) throw new AppError('not_found', 'user not found');
}

/**
 * Adds a person to or removes them from one list of the default holder, in one transaction with
 * its admin log entry (`holder.approver.add`, `holder.manager.remove`, …). Adding someone already
 * there, or removing someone absent, changes nothing and logs nothing.
 */
export async function changeHolderListIn(
  tx: Tx,
  caller: Caller,
  change: { type: HolderListType; sub: string; op: 'add' | 'remove' },
): Promise<HolderListChange & { holder: HolderRow; before: string[] }> {
  const holder = await requireDefaultHolder(tx, { forUpdate: true });
  assertMayChangeList(caller, holder, change.type);
  if (change.op === 'add') await assertUserExists(tx, change.sub);
  const before = listOf(holder, change.type).map((r) => r.sub);
  const present = before.includes(change.sub);
  const after = change.op === 'add' ? (present ? before : [...before, change.sub]) : before.filter((sub) => sub !== change.sub);
  const changed = after.length !== before.length;
  if (changed)
    await saveList(
      tx,
      holder,
      change.type,
      after.map((sub) => ({ sub })),
    );
  return { type: change.type, sub: change.sub, members: after, changed, holder, before };
}

export async function changeHolderList(
  db: Db,
  caller: Caller,
  change: { type: HolderListType; sub: string; op: 'add' | 'remove' },
): Promise<HolderListChange> {
  return db.transaction(async (tx) => {
    const result = await changeHolderListIn(tx, caller, change);
    if (result.changed) {
      const kind = change.type.startsWith('manager_') ? 'manager' : 'approver';
      await writeAdminLog(tx, {
        sub: caller.sub,
        action: `holder.${kind}.${change.op}`,
        ref: result.holder.key,
        data: { type: change.type, sub: change.sub, before: result.before, after: result.members },
      });
    }
    return { type: result.type, sub: result.sub, members: result.members, changed: result.changed };
  });
}
