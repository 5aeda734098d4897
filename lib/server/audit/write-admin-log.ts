import type { Db } from '../db/client';
import { adminLog } from '../db/schema';
import { forgetCallers } from '../api/authenticate';
import { newKey } from '../keys';
import type { AdminLogAction } from './actions';

export interface AdminLogInput {
  /** Who made the change. */
  sub: string;
  action: AdminLogAction;
  /** What changed: at least `before` and `after` where there is a before. */
  data: Record<string, unknown>;
  ref?: string;
}

/** Pass the transaction of the change itself, so the change and its log entry land together. */
export async function writeAdminLog(db: Pick<Db, 'insert'>, entry: AdminLogInput): Promise<void> {
  await appendAdminLog(db, entry);
  // Every role or access change is logged here, so this process stops trusting what it remembered.
  forgetCallers();
}

/** An entry that changes no one's access (a service account's call): remembered callers stay. */
export async function appendAdminLog(db: Pick<Db, 'insert'>, entry: AdminLogInput): Promise<void> {
  await db.insert(adminLog).values({ key: newKey(), sub: entry.sub, action: entry.action, data: entry.data, ref: entry.ref });
}
