import { and, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { DbOrTx } from '../common/tx';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { notifyKeyInput } from './inputs';
import { notificationItem, type NotificationItem } from './notification-view';
import { unreadCount } from './unread-count';

/** The body of a POST, else the query of a GET (`?key=`). */
export function keyFrom(method: string | undefined, body: unknown, query: Record<string, unknown>): unknown {
  if (method === 'GET' || method === 'DELETE') {
    return typeof query.key === 'string' ? { key: query.key } : {};
  }
  return body;
}

/** The caller's own notification; someone else's answers "not found" like a missing one. */
export async function ownRow(db: DbOrTx, caller: Caller, key: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.key, key), eq(notifications.target, caller.sub)))
    .limit(1);
  if (!row) throw new AppError('not_found', caller.lang === 'en' ? 'notification not found' : 'お知らせが見つかりません');
  return row;
}

/** GET/POST /api/core/notify/get. */
export async function getNotification(db: Db, caller: Caller, input: unknown): Promise<NotificationItem> {
  const { key } = validateInput(notifyKeyInput, input, caller.lang);
  return notificationItem(await ownRow(db, caller, key));
}

/** POST/DELETE /api/core/notify/drop: deletes the caller's own notification. */
export async function dropNotification(db: Db, caller: Caller, input: unknown): Promise<{ key: string; unread: number }> {
  const { key } = validateInput(notifyKeyInput, input, caller.lang);
  return db.transaction(async (tx) => {
    const row = await ownRow(tx, caller, key);
    await tx.delete(notifications).where(eq(notifications.key, row.key));
    return { key: row.key, unread: await unreadCount(tx, caller.sub) };
  });
}
