import type { InvitationRow } from './view';

/**
 * What the admin log keeps of an invitation sent, resent or withdrawn: its reference, address,
 * kind and organisation (by key and by the name it had then), so the entry reads on its own.
 */
export function inviteLogData(row: InvitationRow, organisation: string): Record<string, unknown> {
  return {
    invitation: row.key,
    reference: row.reference,
    email: row.email,
    kind: row.kind,
    licensee: row.entity,
    organisation,
    state: row.state,
    expiresAt: row.expiresAt.toISOString(),
  };
}
