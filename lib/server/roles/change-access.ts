import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../api/errors';
import { userAccess, users } from '../db/schema';
import type { Tx } from '../common/tx';

export interface AccessDiff {
  before: string[];
  after: string[];
  changed: boolean;
}

/**
 * Locks the user's row (false when there is none) for the rest of the transaction, so concurrent changes to one person's
 * entries queue up and each admin log entry records a true before.
 */
export async function lockUser(tx: Tx, sub: string): Promise<boolean> {
  const [row] = await tx.select({ sub: users.sub }).from(users).where(eq(users.sub, sub)).for('update');
  return row !== undefined;
}

export async function lockExistingUser(tx: Tx, sub: string): Promise<void> {
  if (!(await lockUser(tx, sub))) throw new AppError('not_found', 'user not found');
}

export async function entriesOf(tx: Tx, sub: string): Promise<string[]> {
  const rows = await tx.select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, sub));
  return rows.map((r) => r.entry).sort();
}

/**
 * Applies one change to a user's access entries inside the caller's transaction (after lockExistingUser):
 * either `replace` the whole set, or `add` and `remove` entries. Writes no log: the caller logs
 * once per request with its own action and context, and only when `changed`.
 */
export async function changeAccess(
  tx: Tx,
  change: { sub: string; grantedBy: string; replace?: readonly string[]; add?: readonly string[]; remove?: readonly string[] },
): Promise<AccessDiff> {
  const before = await entriesOf(tx, change.sub);
  const target = new Set(change.replace ?? before);
  for (const entry of change.remove ?? []) target.delete(entry);
  for (const entry of change.add ?? []) target.add(entry);
  const after = [...target].sort();
  const removed = before.filter((entry) => !target.has(entry));
  const added = after.filter((entry) => !before.includes(entry));
  if (removed.length === 0 && added.length === 0) return { before, after: before, changed: false };
  if (removed.length) {
    await tx.delete(userAccess).where(and(eq(userAccess.sub, change.sub), inArray(userAccess.entry, removed)));
  }
  if (added.length) {
    await tx.insert(userAccess).values(added.map((entry) => ({ sub: change.sub, entry, grantedBy: change.grantedBy })));
  }
  return { before, after, changed: true };
}
