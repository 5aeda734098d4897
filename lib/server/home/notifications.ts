import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { notifications } from '../db/schema';
import type { HomeContext } from './context';
import type { HomePart } from './types';

/** How many of the caller's notifications are unread (the bell opens them). */
export function notificationsPart(ctx: HomeContext): HomePart<number> {
  return {
    id: 'notifications',
    json: sql`(select ${count()} from ${notifications} where ${and(eq(notifications.target, ctx.viewer.sub), isNull(notifications.readAt))})`,
    finish: (unread) => ({ id: 'notifications', count: Number(unread), items: [] }),
  };
}
