import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { notifyManageInput } from './inputs';
import { unreadCount } from './unread-count';

/**
 * POST /api/core/notify/manage: mark the caller's notifications read or unread, or all read.
 * A key that is not the caller's (or does not exist) answers 404 and nothing changes.
 */
export async function manageNotifications(db: Db, caller: Caller, body: unknown): Promise<{ updated: number; unread: number }> {
  const input = validateInput(notifyManageInput, body, caller.lang);
  return db.transaction(async (tx) => {
    const mine = and(eq(notifications.target, caller.sub));
    if (input.action === 'read_all') {
      const rows = await tx
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(mine, isNull(notifications.readAt)))
        .returning({ key: notifications.key });
      return { updated: rows.length, unread: await unreadCount(tx, caller.sub) };
    }
    const keys = [...new Set(input.keys ?? [])];
    const found = await tx
      .select({ key: notifications.key })
      .from(notifications)
      .where(and(mine, inArray(notifications.key, keys)));
    if (found.length !== keys.length) {
      throw new AppError('not_found', caller.lang === 'en' ? 'notification not found' : 'お知らせが見つかりません');
    }
    const rows = await tx
      .update(notifications)
      .set({ readAt: input.action === 'read' ? new Date() : null })
      .where(and(mine, inArray(notifications.key, keys)))
      .returning({ key: notifications.key });
    return { updated: rows.length, unread: await unreadCount(tx, caller.sub) };
  });
}
