import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { notificationItem, type NotificationItem } from './notification-view';

export interface NotificationList {
  items: NotificationItem[];
  unread: number;
}

/** A user's notifications, newest first, and how many are unread (the bell's count). */
export async function listNotifications(db: Db, target: string, limit = 50): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.target, target))
    .orderBy(desc(notifications.created))
    .limit(limit);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.target, target), isNull(notifications.readAt)));
  return {
    // The same view as one notification's, link included: the list is where people follow it from.
    items: rows.map(notificationItem),
    unread: Number(unread?.n ?? 0),
  };
}
