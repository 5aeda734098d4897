import { and, eq } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { sendTemplate } from '../mail/send-template';
import { allowedTarget, createNotification } from './create-notification';
import { notifyKeyInput, notifyNewInput } from './inputs';
import { notifyMessages } from './messages';
import type { NotificationItem } from './notification-view';
import { notificationItem } from './notification-view';
import { resolveUser } from './resolve-user';
import { isNotifyStaff } from './staff';

export interface MailedNotification {
  notification: NotificationItem & { target: string };
  /** Key of the outbox row (readable in /sys/mail). */
  mail: string;
}

/**
 * POST /api/core/notify/mail: e-mails a notification to its target, in the target's language,
 * through the outbox. `{ key }` mails an existing one (the target's own, or any for staff;
 * someone else's answers 404); the fields of /notify/new create one and mail it in one go.
 */
export async function mailNotification(db: Db, caller: Caller, body: unknown): Promise<MailedNotification> {
  const byKey = body !== null && typeof body === 'object' && 'key' in body;
  return db.transaction(async (tx) => {
    let item: NotificationItem & { target: string };
    if (byKey) {
      const { key } = validateInput(notifyKeyInput, body, caller.lang);
      const staff = isNotifyStaff(caller);
      const [row] = await tx
        .select()
        .from(notifications)
        .where(staff ? eq(notifications.key, key) : and(eq(notifications.key, key), eq(notifications.target, caller.sub)))
        .limit(1);
      if (!row) throw new AppError('not_found', caller.lang === 'en' ? 'notification not found' : 'お知らせが見つかりません');
      item = { ...notificationItem(row), target: row.target };
    } else {
      const input = validateInput(notifyNewInput, body, caller.lang);
      const user = await allowedTarget(tx, caller, input);
      item = { ...(await createNotification(tx, { ...input, target: user.sub })), target: user.sub };
    }
    const user = await resolveUser(tx, item.target);
    if (!user?.email) throw fieldError(caller.lang, { target: { message: notifyMessages.noEmail } });
    const config = getConfig();
    const mail = await sendTemplate(tx, {
      to: user.email,
      template: 'notification',
      lang: user.lang,
      vars: { subject: item.subject, content: item.content, site: config.systemTitle, url: `${config.appUrl}/${user.lang}` },
    });
    return { notification: item, mail };
  });
}
