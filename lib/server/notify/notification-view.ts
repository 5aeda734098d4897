import type { notifications } from '../db/schema';

export interface NotificationItem {
  key: string;
  subject: string;
  content: string;
  created: string;
  read: boolean;
}

/** What the API shows of a notification row. */
export function notificationItem(r: typeof notifications.$inferSelect): NotificationItem {
  return {
    key: r.key,
    subject: r.subject,
    content: r.content,
    created: r.created.toISOString(),
    read: r.readAt !== null,
  };
}
