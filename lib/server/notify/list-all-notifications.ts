import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { notifyListAllInput } from './inputs';
import { notificationItem, type NotificationItem } from './notification-view';
import { resolveUser } from './resolve-user';

export interface NotificationPage {
  items: (NotificationItem & { target: string })[];
  nextCursor: string | null;
}

/**
 * GET /api/core/notify/list/all (admin): everyone's notifications newest first, optionally one
 * target's (by sub or e-mail); keyset pages on (created, key): the cursor is the last key seen.
 */
export async function listAllNotifications(db: Db, caller: Caller, query: unknown): Promise<NotificationPage> {
  const input = validateInput(notifyListAllInput, query, caller.lang);
  const where: SQL[] = [];
  if (input.target) {
    const user = await resolveUser(db, input.target);
    where.push(eq(notifications.target, user?.sub ?? input.target));
  }
  if (input.cursor) {
    // Keyset on the stored (created, key) of the last row seen: microseconds survive, unlike a JS date.
    where.push(
      sql`(${notifications.created}, ${notifications.key}) < (select n.created, n.key from notifications n where n.key = ${input.cursor})`,
    );
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(notifications.created), desc(notifications.key))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({ ...notificationItem(r), target: r.target })),
    nextCursor: rows.length > input.limit && last ? last.key : null,
  };
}
