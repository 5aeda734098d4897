import { eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { getConfig } from '../../config';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { invitations } from '../db/platform-schema';
import { viewerOf } from '../entities/viewer';
import { managedInvitation } from './authority';
import { inviteResendInput } from './inputs';
import { inviteMessages } from './messages';
import { writeAdminLog } from '../audit/write-admin-log';
import { inviteLogData } from './log-data';
import { sendInviteMail } from './send-invite-mail';
import { expiryFrom, newInviteToken, type InviteKind } from './token';
import { invitationView, type InvitationView } from './view';

/** GET /api/invite/{key}: one invitation, for those who manage it. */
export async function getInvitation(db: Db, caller: Caller, key: unknown): Promise<InvitationView> {
  const row = await managedInvitation(db, await viewerOf(db, caller), key);
  return invitationView(db, row, caller.lang);
}

/**
 * PATCH /api/invite/{key}: a new link (the old one stops working), a new expiry and a new e-mail,
 * for an invitation that is pending or expired.
 */
export async function resendInvitation(db: Db, caller: Caller, key: unknown, body: unknown): Promise<InvitationView> {
  const input = validateInput(inviteResendInput, body ?? {}, caller.lang);
  const viewer = await viewerOf(db, caller);
  return db.transaction(async (tx) => {
    const row = await managedInvitation(tx, viewer, key, true);
    if (row.state !== 'pending')
      throw fieldError(caller.lang, { key: { message: inviteMessages.notPending } }, { conflict: true });
    const { token, hash } = newInviteToken();
    const expiresAt = expiryFrom(new Date(), getConfig().inviteTtlHours);
    const lang = input.lang ?? (row.lang === 'en' ? 'en' : 'jp');
    const [updated] = await tx
      .update(invitations)
      .set({ tokenHash: hash, expiresAt, lang, dateUpdated: new Date() })
      .where(eq(invitations.key, row.key))
      .returning();
    const view = await invitationView(tx, updated!, caller.lang);
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'invite.resend',
      ref: row.entity ?? undefined,
      data: inviteLogData(updated!, view.organisation),
    });
    await sendInviteMail(tx, {
      reference: row.reference,
      kind: row.kind as InviteKind,
      email: row.email,
      lang,
      organisation: view.organisation,
      invitedBy: caller.sub,
      token,
      expiresAt,
      message: typeof row.data.message === 'string' ? row.data.message : undefined,
    });
    return view;
  });
}

/** DELETE /api/invite/{key}: withdraws a pending invitation; its link then says so. Twice is harmless. */
export async function revokeInvitation(db: Db, caller: Caller, key: unknown): Promise<InvitationView> {
  const viewer = await viewerOf(db, caller);
  return db.transaction(async (tx) => {
    const row = await managedInvitation(tx, viewer, key, true);
    if (row.state === 'accepted') throw fieldError(caller.lang, { key: { message: inviteMessages.used } }, { conflict: true });
    if (row.state === 'revoked') return invitationView(tx, row, caller.lang);
    const now = new Date();
    const [updated] = await tx
      .update(invitations)
      .set({ state: 'revoked', revokedAt: now, dateUpdated: now })
      .where(eq(invitations.key, row.key))
      .returning();
    const view = await invitationView(tx, updated!, caller.lang);
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'invite.revoke',
      ref: row.entity ?? undefined,
      data: inviteLogData(updated!, view.organisation),
    });
    return view;
  });
}
