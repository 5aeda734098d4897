import type { notifications } from '../db/schema';

export interface NotificationItem {
  key: string;
  subject: string;
  content: string;
  /** Where the reader acts on it: a path under /{lang}, or null. */
  link: string | null;
  created: string;
  read: boolean;
}

/** What the API shows of a notification row. */
export function notificationItem(r: typeof notifications.$inferSelect): NotificationItem {
  return {
    key: r.key,
    subject: r.subject,
    content: r.content,
    link: r.link ?? null,
    created: r.created.toISOString(),
    read: r.readAt !== null,
  };
}
