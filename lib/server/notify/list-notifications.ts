import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';

export interface NotificationList {
  items: { key: string; subject: string; content: string; created: string; read: boolean }[];
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
    items: rows.map((r) => ({
      key: r.key,
      subject: r.subject,
      content: r.content,
      created: r.created.toISOString(),
      read: r.readAt !== null,
    })),
    unread: Number(unread?.n ?? 0),
  };
}
