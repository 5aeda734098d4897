import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import type { HomeSection } from './types';

/** How many of the caller's notifications are unread (the bell opens them). */
export async function notificationsSection(db: Db, sub: string): Promise<HomeSection> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.target, sub), isNull(notifications.readAt)));
  return { id: 'notifications', count: Number(row?.n ?? 0), items: [] };
}
