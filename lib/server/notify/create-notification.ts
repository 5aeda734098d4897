import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { fieldError } from '../common/field-error';
import type { DbOrTx } from '../common/tx';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { newKey } from '../keys';
import { notifyNewInput, type NotifyNewInput } from './inputs';
import { notifyMessages } from './messages';
import { notificationItem, type NotificationItem } from './notification-view';
import { resolveUser, type UserAddress } from './resolve-user';
import { isNotifyStaff } from './staff';

/**
 * Inserts a notification for a user, in the caller's transaction (system use: no checks). The
 * table's trigger runs pg_notify('ipl_notify', target), so open bells update on commit.
 */
export async function createNotification(
  tx: DbOrTx,
  input: { target: string; subject: string; content?: string },
): Promise<NotificationItem> {
  const [row] = await tx
    .insert(notifications)
    .values({ key: newKey(), target: input.target, subject: input.subject, content: input.content ?? '' })
    .returning();
  return notificationItem(row!);
}

/**
 * The target of a /notify/new or /notify/mail call: admin and product staff may notify anyone;
 * anyone else only themselves (a note to self), so users cannot message each other through it.
 */
export async function allowedTarget(db: DbOrTx, caller: Caller, input: NotifyNewInput): Promise<UserAddress> {
  const user = await resolveUser(db, input.target);
  if (!user) throw fieldError(caller.lang, { target: { message: notifyMessages.unknownTarget, code: 'key' } });
  if (user.sub !== caller.sub && !isNotifyStaff(caller)) {
    throw new AppError('forbidden', notifyMessages.otherTarget[caller.lang]);
  }
  return user;
}

/** POST /api/core/notify/new. */
export async function notifyNew(db: Db, caller: Caller, body: unknown): Promise<NotificationItem & { target: string }> {
  const input = validateInput(notifyNewInput, body, caller.lang);
  const user = await allowedTarget(db, caller, input);
  const item = await createNotification(db, { target: user.sub, subject: input.subject, content: input.content });
  return { ...item, target: user.sub };
}
