import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { contactVerifications } from '../db/platform-schema';
import { entityByName } from '../entities/definitions';
import { hashInviteToken, isTokenShape } from '../invite/token';
import { applyVerifiedValue } from './verified-fields';

/** Body of POST /api/contact/verify. */
export const confirmContactInput = z.object({ token: z.string().min(1).max(200) }).strict();

const messages = {
  unknown: {
    jp: 'この確認リンクは無効です。プロフィールでもう一度メールアドレスを変更してください。',
    en: 'This confirmation link is not valid. Change the e-mail address in your profile again.',
  },
  expired: {
    jp: 'この確認リンクは期限切れです。プロフィールでもう一度メールアドレスを変更してください。',
    en: 'This confirmation link has expired. Change the e-mail address in your profile again.',
  },
  used: {
    jp: 'この確認リンクは使用済みか、より新しい変更に置き換えられています。',
    en: 'This confirmation link was already used or replaced by a newer change.',
  },
};

export interface ConfirmedContact {
  entity: string;
  record: string;
  field: string;
  value: string;
}

/**
 * POST /api/contact/verify {token}: the link from the confirmation mail, followed by the person
 * who asked for the change (signed in as them), writes the new address into the record once.
 */
export async function confirmContact(db: Db, caller: Caller, body: unknown): Promise<ConfirmedContact> {
  const input = validateInput(confirmContactInput, body, caller.lang);
  const refuse = (message: (typeof messages)[keyof typeof messages]): never => {
    throw fieldError(caller.lang, { token: { message } }, { message: message.en });
  };
  if (!isTokenShape(input.token)) refuse(messages.unknown);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [row] = await tx
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.tokenHash, hashInviteToken(input.token)))
      .for('update');
    // Someone else's link is as good as none: it names nothing for this caller.
    if (!row || row.requestedBy !== caller.sub) return refuse(messages.unknown);
    if (row.state !== 'pending') return refuse(messages.used);
    if (row.expiresAt.getTime() <= Date.now()) return refuse(messages.expired);
    const def = entityByName(row.entity);
    if (!def || !(await applyVerifiedValue(tx, def, row.record, row.field, row.value))) {
      throw new AppError('not_found', 'record not found');
    }
    await tx
      .update(contactVerifications)
      .set({ state: 'verified', verifiedAt: new Date() })
      .where(and(eq(contactVerifications.key, row.key), eq(contactVerifications.state, 'pending')));
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'contact.verified',
      ref: row.record,
      data: { entity: row.entity, record: row.record, field: row.field, after: row.value },
    });
    return { entity: row.entity, record: row.record, field: row.field, value: row.value };
  });
}
