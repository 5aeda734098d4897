import { createHash, randomBytes } from 'node:crypto';

/** The invitation kinds and the sub-role each one grants in a licensee organisation. */
export const INVITE_KINDS = ['licensee-owner', 'licensee-staff', 'licensee-designer'] as const;
export type InviteKind = (typeof INVITE_KINDS)[number];

export const ROLE_OF_KIND: Record<InviteKind, 'owner' | 'staff' | 'designer'> = {
  'licensee-owner': 'owner',
  'licensee-staff': 'staff',
  'licensee-designer': 'designer',
};

export function isInviteKind(value: unknown): value is InviteKind {
  return typeof value === 'string' && (INVITE_KINDS as readonly string[]).includes(value);
}

/** Stored states, plus `expired`: a pending invitation whose link is past its time. */
export type InviteStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/**
 * A fresh single-use link token (32 random bytes, base64url) and the SHA-256 the database keeps:
 * a copy of the table never holds a working link.
 */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as the link carries it: 43 base64url characters; anything else names no invitation. */
export function isTokenShape(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function expiryFrom(now: Date, ttlHours: number): Date {
  return new Date(now.getTime() + ttlHours * 3600_000);
}

export function inviteStatus(row: { state: string; expiresAt: Date }, now: Date = new Date()): InviteStatus {
  if (row.state === 'accepted' || row.state === 'revoked') return row.state;
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
