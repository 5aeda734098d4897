import { eq } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { DbOrTx } from '../common/tx';
import { invitations } from '../db/platform-schema';
import type { Viewer } from '../entities/viewer';
import type { InvitationRow } from './view';

/**
 * Who may read, resend and withdraw an invitation: the platform (admin, product role), the person
 * who sent it, and the owners and admins of the organisation a member invitation is into.
 */
export function managesInvitation(viewer: Viewer, row: Pick<InvitationRow, 'invitedBy' | 'entity' | 'kind'>): boolean {
  if (viewer.product || row.invitedBy === viewer.sub) return true;
  return row.kind !== 'licensee-owner' && row.entity !== null && viewer.licenseeAdmin.includes(row.entity);
}

/**
 * The invitation `key` for one who manages it (locked when inside a transaction); to anyone else it
 * does not exist. The viewer is read before any transaction opens (PGlite has one connection).
 */
export async function managedInvitation(tx: DbOrTx, viewer: Viewer, key: unknown, lock = false): Promise<InvitationRow> {
  if (typeof key !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(key)) throw new AppError('not_found', 'invitation not found');
  const query = tx.select().from(invitations).where(eq(invitations.key, key)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !managesInvitation(viewer, row)) throw new AppError('not_found', 'invitation not found');
  return row;
}
