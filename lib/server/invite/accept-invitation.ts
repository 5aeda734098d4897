import { and, eq, like } from 'drizzle-orm';
import { getConfig } from '../../config';
import { forgetCallers, type Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import { fieldError, type Bilingual } from '../common/field-error';
import type { Tx } from '../common/tx';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { holders, licensees } from '../db/entities-schema';
import { invitations } from '../db/platform-schema';
import { userAccess, users } from '../db/schema';
import { newKey } from '../keys';
import { licenseeEntry } from '../licensees/licensee-authority';
import { joinLicensee } from '../licensees/change-licensee-member';
import { changeAccess, lockExistingUser, type AccessDiff } from '../roles/change-access';
import { roleNames } from '../roles/role-lists';
import { inviteAcceptInput, invitePeekQuery } from './inputs';
import { inviteMessages } from './messages';
import {
  ROLE_OF_KIND,
  hashInviteToken,
  inviteStatus,
  isTokenShape,
  sameEmail,
  type InviteKind,
  type InviteStatus,
} from './token';
import { invitationView, type InvitationRow, type InvitationView } from './view';

function refused(caller: Caller, message: Bilingual, reason: string, conflict = true): AppError {
  return fieldError(
    caller.lang,
    { token: { message } },
    { conflict, message: message[caller.lang], extra: { reason, message: message[caller.lang] } },
  );
}

const statusMessages: Partial<Record<InviteStatus, Bilingual>> = {
  accepted: inviteMessages.used,
  revoked: inviteMessages.revoked,
  expired: inviteMessages.expired,
};

async function byToken(db: Db | Tx, token: string, lock: boolean): Promise<InvitationRow | undefined> {
  if (!isTokenShape(token)) return undefined;
  const query = db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashInviteToken(token)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function emailOf(db: Db | Tx, sub: string): Promise<string> {
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.sub, sub)).limit(1);
  return me?.email ?? '';
}

export interface InvitationPeek {
  /** The number people quote (IVT-2026-0007). */
  reference: string;
  kind: InviteKind;
  /** The organisation the invitation is to (the one a licensee-owner invitation founds). */
  organisation: string;
  /** The role it gives there: owner, staff or designer. */
  role: 'owner' | 'staff' | 'designer';
  inviter: string;
  /** The inviter's own organisation: the holder, or the licensee organisation for its members' invitations. */
  inviterOrganisation: string;
  email: string;
  state: InviteStatus;
  expiresAt: string;
  /** The signed-in person's address is the one invited (case-insensitive); false before sign-in. */
  emailMatches: boolean;
  /** After acceptance: the organisation it is about. */
  entity: string | null;
}

/** Who the inviter speaks for: a member of the organisation invites for it; anyone else for the holder. */
async function inviterOrganisation(db: Db, row: InvitationRow, organisation: string): Promise<string> {
  if (row.kind !== 'licensee-owner' && row.entity) {
    const { aclClient } = getConfig();
    const [member] = await db
      .select({ entry: userAccess.entry })
      .from(userAccess)
      .where(and(eq(userAccess.sub, row.invitedBy), like(userAccess.entry, `${aclClient}:%:licensee:${row.entity}`)))
      .limit(1);
    if (member) return organisation;
  }
  const [holder] = await db.select({ name: holders.name }).from(holders).where(eq(holders.is_default, true)).limit(1);
  return holder?.name ?? '';
}

/**
 * GET /api/invite/accept?token= (signed in) and GET /api/invite/preview?token= (before sign-in):
 * what the link is about — who invited whom to which organisation in which role, until when, and
 * where it stands — so the page can explain before anyone signs in or accepts. The token is the
 * secret the link carries; nothing here is more than the invitation mail itself said.
 */
export async function peekInvitation(db: Db, caller: Caller | null, query: unknown, lang?: 'jp' | 'en'): Promise<InvitationPeek> {
  const reader = caller?.lang ?? lang ?? 'jp';
  const { token } = validateInput(invitePeekQuery, query, reader);
  const row = await byToken(db, token, false);
  if (!row) throw new AppError('not_found', inviteMessages.unknown[reader]);
  const view = await invitationView(db, row, reader);
  return {
    reference: view.reference,
    kind: view.kind,
    organisation: view.organisation,
    role: ROLE_OF_KIND[view.kind],
    inviter: view.inviter,
    inviterOrganisation: await inviterOrganisation(db, row, view.organisation),
    email: view.email,
    state: view.state,
    expiresAt: view.expiresAt,
    emailMatches: caller ? sameEmail(await emailOf(db, caller.sub), row.email) : false,
    entity: row.entity,
  };
}

/** A licensee-owner invitation: the organisation, owned by the acceptor, and its owner's entries. */
async function foundOrganisation(tx: Tx, caller: Caller, row: InvitationRow): Promise<{ entity: string; diff: AccessDiff }> {
  const entity = newKey();
  const data = row.data;
  const text = (field: string) => (typeof data[field] === 'string' ? (data[field] as string) : null);
  await tx.insert(licensees).values({
    key: entity,
    name: text('name') ?? row.email,
    email: row.email,
    tel: text('tel'),
    website: text('website'),
    country: text('country'),
    owner: caller.sub,
  });
  const { client } = roleNames();
  const diff = await changeAccess(tx, {
    sub: caller.sub,
    grantedBy: row.invitedBy,
    add: [`${client}:licensee`, licenseeEntry('owner', entity)],
  });
  return { entity, diff };
}

/**
 * POST /api/invite/accept {token}: the signed-in person whose e-mail the invitation was sent to
 * accepts it. In one transaction: the organisation (licensee-owner) or the membership, the access
 * entries, the admin log and the state accepted. A used, expired or withdrawn link says which.
 */
export async function acceptInvitation(db: Db, caller: Caller, body: unknown): Promise<InvitationView> {
  const input = validateInput(inviteAcceptInput, body ?? {}, caller.lang);
  const accepted = await db.transaction(async (tx) => {
    const row = await byToken(tx, input.token, true);
    if (!row) throw refused(caller, inviteMessages.unknown, 'unknown', false);
    const status = inviteStatus(row);
    const problem = statusMessages[status];
    if (problem) throw refused(caller, problem, status);
    await lockExistingUser(tx, caller.sub);
    if (!sameEmail(await emailOf(tx, caller.sub), row.email)) {
      throw fieldError(caller.lang, { email: { message: inviteMessages.wrongEmail } }, { extra: { reason: 'email' } });
    }
    let entity = row.entity;
    let diff: AccessDiff;
    if (row.kind === 'licensee-owner') {
      ({ entity, diff } = await foundOrganisation(tx, caller, row));
    } else {
      const [org] = entity
        ? await tx.select({ key: licensees.key }).from(licensees).where(eq(licensees.key, entity)).limit(1)
        : [];
      if (!org) throw refused(caller, inviteMessages.unknown, 'unknown', false);
      const role = row.role === 'designer' ? 'designer' : 'staff';
      diff = await joinLicensee(tx, { key: org.key, sub: caller.sub, role, grantedBy: row.invitedBy });
    }
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'invite.accept',
      ref: entity ?? undefined,
      data: {
        invitation: row.key,
        reference: row.reference,
        email: row.email,
        kind: row.kind,
        licensee: entity,
        sub: caller.sub,
        invitedBy: row.invitedBy,
        before: diff.before,
        after: diff.after,
      },
    });
    const now = new Date();
    const [updated] = await tx
      .update(invitations)
      .set({ state: 'accepted', acceptedBy: caller.sub, acceptedAt: now, entity, dateUpdated: now })
      .where(eq(invitations.key, row.key))
      .returning();
    return invitationView(tx, updated!, caller.lang);
  });
  // writeAdminLog cleared remembered callers before the commit; clear again so none saw the old entries.
  forgetCallers();
  return accepted;
}
