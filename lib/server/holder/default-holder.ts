import { eq, getTableColumns, sql } from 'drizzle-orm';
import { AppError } from '../api/errors';
import { forgetInRequest, oncePerRequest } from '../common/request-scope';
import { isTransaction, type DbOrTx } from '../common/tx';
import { sharedHandleOf } from '../db/client';
import { holders, type SubRef } from '../db/entities-schema';
import { selectText } from '../db/select-text';
import { columnFields, objectText, rowOfJson } from '../query/json-page';

export type HolderRow = typeof holders.$inferSelect;

export const APPROVER_GROUPS = ['legal', 'brand', 'cfl', 'boss'] as const;
export const MANAGER_GROUPS = ['legal', 'brand', 'cfl'] as const;
export type ApproverGroup = (typeof APPROVER_GROUPS)[number];
export type ManagerGroup = (typeof MANAGER_GROUPS)[number];

/** The lists of the default holder people are placed in (SPEC §3, §5). */
export const HOLDER_LIST_TYPES = [
  'approver_legal',
  'approver_brand',
  'approver_cfl',
  'approver_boss',
  'manager_legal',
  'manager_brand',
  'manager_cfl',
] as const;
export type HolderListType = (typeof HOLDER_LIST_TYPES)[number];

export function approverType(group: ApproverGroup): HolderListType {
  return `approver_${group}`;
}

export function managerType(group: ManagerGroup): HolderListType {
  return `manager_${group}`;
}

const DEFAULT_HOLDER = Symbol('default holder');
/** The holder row's fields as the database writes them in JSON (every column type of holders is one it can). */
const HOLDER_FIELDS = columnFields(getTableColumns(holders))!;

/**
 * The single default holder (SPEC §3), read once per API request (request-scope.ts); `forUpdate`
 * locks it for the rest of the transaction and always reads. Whatever writes the holder row calls
 * forgetDefaultHolder, so a request that changes it reads its own change. Callers share the row:
 * never change it in place.
 */
export async function findDefaultHolder(db: DbOrTx, options: { forUpdate?: boolean } = {}): Promise<HolderRow | undefined> {
  // Built only when read: a request's later calls cost neither a statement nor drizzle's building of one.
  const query = () => db.select().from(holders).where(eq(holders.is_default, true)).limit(1);
  if (options.forUpdate) {
    forgetDefaultHolder();
    const [locked] = await query().for('update');
    return locked;
  }
  return oncePerRequest(DEFAULT_HOLDER, async () => {
    // Outside a transaction the row comes from the answer cache: nearly every request needs it, and
    // it changes when staff are placed in a group, so a request costs at most the cache's check.
    const handle = isTransaction(db) ? undefined : await sharedHandleOf(db);
    if (!handle) return (await query())[0];
    const text = await selectText(
      handle,
      sql`select ${objectText(HOLDER_FIELDS)} from ${holders} where ${eq(holders.is_default, true)} limit 1`,
      '',
    );
    return text === null ? undefined : (rowOfJson(holders, JSON.parse(text) as Record<string, unknown>) as HolderRow);
  });
}

/** The holder row was written in this request: its next read goes to the database. */
export function forgetDefaultHolder(): void {
  forgetInRequest(DEFAULT_HOLDER);
}

export async function requireDefaultHolder(db: DbOrTx, options: { forUpdate?: boolean } = {}): Promise<HolderRow> {
  const row = await findDefaultHolder(db, options);
  if (!row) throw new AppError('not_found', 'holder not found');
  return row;
}

export function listOf(holder: HolderRow, type: HolderListType): SubRef[] {
  const [kind, group] = type.split('_') as ['approver' | 'manager', string];
  if (kind === 'approver') return holder.approver[group as ApproverGroup] ?? [];
  return holder[`manager_${group as ManagerGroup}`] ?? [];
}

/** Writes one list back, bumping the holder's version. */
export async function saveList(db: DbOrTx, holder: HolderRow, type: HolderListType, list: SubRef[]): Promise<void> {
  const [kind, group] = type.split('_') as ['approver' | 'manager', string];
  const patch = kind === 'approver' ? { approver: { ...holder.approver, [group]: list } } : { [`manager_${group}`]: list };
  forgetDefaultHolder();
  await db
    .update(holders)
    .set({ ...patch, version: sql`${holders.version} + 1`, dateUpdated: new Date() })
    .where(eq(holders.key, holder.key));
}

/** The approver and manager groups a person belongs to, computed from their sub (SPEC §6). */
export function groupsOf(holder: HolderRow | undefined, sub: string): { approver: ApproverGroup[]; manager: ManagerGroup[] } {
  if (!holder) return { approver: [], manager: [] };
  return {
    approver: APPROVER_GROUPS.filter((g) => listOf(holder, approverType(g)).some((r) => r.sub === sub)),
    manager: MANAGER_GROUPS.filter((g) => listOf(holder, managerType(g)).some((r) => r.sub === sub)),
  };
}
