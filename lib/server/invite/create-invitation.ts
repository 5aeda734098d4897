import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { getConfig } from '../../config';
import { fieldError } from '../common/field-error';
import type { Tx } from '../common/tx';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { licensees } from '../db/entities-schema';
import { invitations } from '../db/platform-schema';
import { userAccess, users } from '../db/schema';
import { newKey } from '../keys';
import { LICENSEE_ROLES, licenseeAuthority, licenseeEntry } from '../licensees/licensee-authority';
import { requireRole } from '../roles/role-lists';
import { inviteLicenseeOwnerInput, inviteMemberInput } from './inputs';
import { inviteMessages } from './messages';
import { writeAdminLog } from '../audit/write-admin-log';
import { inviteLogData } from './log-data';
import { sendInviteMail } from './send-invite-mail';
import { expiryFrom, isInviteKind, newInviteToken, ROLE_OF_KIND, type InviteKind } from './token';
import { invitationView, type InvitationView } from './view';
import { referenceInInsert } from '../refs/allocate';

interface Draft {
  kind: InviteKind;
  email: string;
  lang: 'jp' | 'en';
  entity: string | null;
  organisation: string;
  data: Record<string, unknown>;
  message?: string;
}

const sameAddress = (email: string) => sql`lower(${invitations.email}) = ${email.trim().toLowerCase()}`;

/** An invitation of the same kind to the same address and organisation that can still be used. */
async function assertNoPending(tx: Tx, caller: Caller, draft: Draft): Promise<void> {
  const sameTarget =
    draft.entity === null
      ? sql`${invitations.entity} is null and ${invitations.data}->>'name' = ${draft.organisation}`
      : eq(invitations.entity, draft.entity);
  const [open] = await tx
    .select({ key: invitations.key })
    .from(invitations)
    .where(
      and(
        sameAddress(draft.email),
        eq(invitations.kind, draft.kind),
        eq(invitations.state, 'pending'),
        gt(invitations.expiresAt, new Date()),
        sameTarget,
      ),
    )
    .limit(1);
  if (open) throw fieldError(caller.lang, { email: { message: inviteMessages.pendingExists } }, { conflict: true });
}

async function assertNotMember(tx: Tx, caller: Caller, entity: string, email: string): Promise<void> {
  const [member] = await tx
    .select({ sub: users.sub })
    .from(users)
    .innerJoin(userAccess, eq(userAccess.sub, users.sub))
    .where(
      and(
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
        inArray(
          userAccess.entry,
          LICENSEE_ROLES.map((role) => licenseeEntry(role, entity)),
        ),
      ),
    )
    .limit(1);
  if (member) throw fieldError(caller.lang, { email: { message: inviteMessages.alreadyMember } }, { conflict: true });
}

async function draftOf(db: Db, caller: Caller, kind: InviteKind, body: unknown): Promise<Draft> {
  if (kind === 'licensee-owner') {
    // A new licensee organisation is the platform's to invite: the product role or an administrator.
    requireRole(caller, 'holderProductOnly');
    const input = validateInput(inviteLicenseeOwnerInput, body ?? {}, caller.lang);
    const data: Record<string, unknown> = { name: input.name };
    for (const field of ['tel', 'website', 'country'] as const) if (input[field]) data[field] = input[field];
    if (input.message) data.message = input.message;
    return { kind, email: input.email, lang: input.lang, entity: null, organisation: input.name, data, message: input.message };
  }
  const input = validateInput(inviteMemberInput, body ?? {}, caller.lang);
  const { key } = await licenseeAuthority(db, caller, input.licensee);
  const [org] = await db.select({ name: licensees.name }).from(licensees).where(eq(licensees.key, key)).limit(1);
  const data: Record<string, unknown> = input.message ? { message: input.message } : {};
  return {
    kind,
    email: input.email,
    lang: input.lang,
    entity: key,
    organisation: org?.name ?? key,
    data,
    message: input.message,
  };
}

/**
 * POST /api/invite/{kind}: records a pending invitation with the hash of a fresh single-use token
 * and queues its e-mail in the same transaction; the token itself exists only in the mail.
 */
export async function createInvitation(db: Db, caller: Caller, x: unknown, body: unknown): Promise<InvitationView> {
  if (!isInviteKind(x)) throw new AppError('not_found', 'unknown invitation kind');
  const draft = await draftOf(db, caller, x, body);
  return db.transaction(async (tx) => {
    await assertNoPending(tx, caller, draft);
    if (draft.entity) await assertNotMember(tx, caller, draft.entity, draft.email);
    const { token, hash } = newInviteToken();
    const expiresAt = expiryFrom(new Date(), getConfig().inviteTtlHours);
    const reference = await referenceInInsert(tx, 'invitation');
    const [row] = await tx
      .with(reference.cte)
      .insert(invitations)
      .values({
        key: newKey(),
        reference: reference.value,
        kind: draft.kind,
        email: draft.email.trim(),
        entity: draft.entity,
        role: ROLE_OF_KIND[draft.kind],
        lang: draft.lang,
        data: draft.data,
        tokenHash: hash,
        invitedBy: caller.sub,
        expiresAt,
      })
      .returning();
    await sendInviteMail(tx, { ...draft, reference: row!.reference, invitedBy: caller.sub, token, expiresAt });
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'invite.send',
      ref: draft.entity ?? undefined,
      data: inviteLogData(row!, draft.organisation),
    });
    return invitationView(tx, row!, caller.lang);
  });
}
