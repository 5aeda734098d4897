import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { JsonText } from '../api/json-text';
import type { DbHandle } from '../db/client';
import { notifications } from '../db/schema';
import { selectText } from '../db/select-text';
import { columnJson, listText, objectText } from '../query/json-page';

const n = notifications;

/** One notification as notificationItem (notification-view.ts) shows it, as JSON text. */
const item = objectText([
  { name: 'key', value: sql`${n.key}` },
  { name: 'subject', value: sql`${n.subject}` },
  { name: 'content', value: sql`${n.content}` },
  { name: 'link', value: sql`${n.link}` },
  { name: 'created', value: columnJson(n.created)! },
  { name: 'read', value: sql`${n.readAt} is not null` },
]);

/**
 * listNotifications (list-notifications.ts) as one statement whose answer PostgreSQL writes:
 * `{ items, unread }`, the same content; only the caller's own notifications.
 */
export async function listNotificationsJson(handle: DbHandle, target: string, limit = 50): Promise<JsonText> {
  const items = listText(n, eq(n.target, target), [desc(n.created), sql`${n.key}`], limit, item);
  const unread = sql`(select count(*) from ${n} where ${and(eq(n.target, target), isNull(n.readAt))})`;
  // The answer is the target's alone, whoever asks for it.
  const scope = `notifications of ${target}`;
  const text = await selectText(handle, sql`select '{"items":' || ${items} || ',"unread":' || ${unread} || '}'`, scope);
  if (text === null) throw new Error('notification list statement returned no row');
  return new JsonText(text);
}
