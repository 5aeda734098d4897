import { getConfig } from '../../config';
import type { Tx } from '../common/tx';
import type { Db } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { peopleOf } from '../users/people';
import { inviteMail } from './mail';
import type { InviteKind } from './token';
import { personName } from './view';

export function acceptLink(lang: 'jp' | 'en', token: string): string {
  return `${getConfig().appUrl}/${lang}/invite/accept?token=${encodeURIComponent(token)}`;
}

/** Queues the invitation e-mail with its link in the caller's transaction (no mail when it rolls back). */
export async function sendInviteMail(
  tx: Tx,
  invite: {
    /** The invitation's reference (IVT-2026-0007), quoted in the mail. */
    reference: string;
    kind: InviteKind;
    email: string;
    lang: 'jp' | 'en';
    organisation: string;
    invitedBy: string;
    token: string;
    expiresAt: Date;
    message?: string;
  },
): Promise<string> {
  const [inviter] = await peopleOf(tx, [invite.invitedBy]);
  const mail = inviteMail({
    kind: invite.kind,
    lang: invite.lang,
    systemTitle: getConfig().systemTitle,
    organisation: invite.organisation,
    reference: invite.reference,
    inviter: personName(inviter, invite.lang),
    link: acceptLink(invite.lang, invite.token),
    expiresAt: invite.expiresAt,
    message: invite.message,
  });
  // enqueueMail takes the database type; a transaction handle offers the same insert/execute calls.
  return enqueueMail(tx as unknown as Db, { to: invite.email, ...mail, template: `invite.${invite.kind}`, lang: invite.lang });
}
