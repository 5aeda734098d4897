import { and, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { invitations } from '../db/platform-schema';
import { users } from '../db/schema';
import { viewerOf } from '../entities/viewer';
import { inviteListQuery } from './inputs';
import { invitationViews, type InvitationView } from './view';

const LIMIT = 200;

function firstValues(query: Record<string, unknown>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = query[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first !== '') out[name] = first;
  }
  return out;
}

/**
 * GET /api/invite/list: the invitations the caller sent or manages (everything for the platform;
 * member invitations of the organisations they own or administer), newest first, at most 200.
 * `?state=` (pending, accepted, revoked, expired), `?entity=`, `?kind=` narrow it.
 */
export async function listInvitations(db: Db, caller: Caller, query: Record<string, unknown>): Promise<InvitationView[]> {
  const q = validateInput(inviteListQuery, firstValues(query, ['state', 'entity', 'kind']), caller.lang);
  const viewer = await viewerOf(db, caller);
  const where: SQL[] = [];
  if (!viewer.product) {
    const own = eq(invitations.invitedBy, caller.sub);
    where.push(
      viewer.licenseeAdmin.length
        ? or(own, and(inArray(invitations.entity, viewer.licenseeAdmin), ne(invitations.kind, 'licensee-owner')))!
        : own,
    );
  }
  const now = new Date();
  if (q.state === 'pending') where.push(eq(invitations.state, 'pending'), gt(invitations.expiresAt, now));
  else if (q.state === 'expired') where.push(eq(invitations.state, 'pending'), lte(invitations.expiresAt, now));
  else if (q.state) where.push(eq(invitations.state, q.state));
  if (q.entity) where.push(eq(invitations.entity, q.entity));
  if (q.kind) where.push(eq(invitations.kind, q.kind));
  const rows = await db
    .select()
    .from(invitations)
    .where(and(...where))
    .orderBy(desc(invitations.dateCreated), desc(invitations.key))
    .limit(LIMIT);
  return invitationViews(db, rows, caller.lang);
}

/** GET /api/invite: invitations to the signed-in person's e-mail address that can still be accepted. */
export async function myInvitations(db: Db, caller: Caller): Promise<InvitationView[]> {
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.sub, caller.sub)).limit(1);
  if (!me) return [];
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        sql`lower(${invitations.email}) = ${me.email.trim().toLowerCase()}`,
        eq(invitations.state, 'pending'),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invitations.dateCreated))
    .limit(LIMIT);
  return invitationViews(db, rows, caller.lang);
}
