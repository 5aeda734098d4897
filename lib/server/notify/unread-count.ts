import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../common/tx';
import { notifications } from '../db/schema';

/** How many of a user's notifications are unread (the bell's number). */
export async function unreadCount(db: DbOrTx, target: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.target, target), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}
