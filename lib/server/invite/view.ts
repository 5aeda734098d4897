import { inArray } from 'drizzle-orm';
import { fullName } from '../../format/person-name';
import type { DbOrTx } from '../common/tx';
import { licensees } from '../db/entities-schema';
import type { invitations } from '../db/platform-schema';
import { peopleOf, type Person } from '../users/people';
import { inviteStatus, type InviteKind, type InviteStatus } from './token';

export type InvitationRow = typeof invitations.$inferSelect;

/** An invitation as the API shows it: never the token or its hash. */
export interface InvitationView {
  key: string;
  /** The number people quote (IVT-2026-0007). */
  reference: string;
  kind: InviteKind;
  email: string;
  entity: string | null;
  /** The organisation's name: the Licensee record's, or the one a licensee-owner invitation proposes. */
  organisation: string;
  role: string;
  lang: 'jp' | 'en';
  /** pending, accepted, revoked, or expired (pending past its time). */
  state: InviteStatus;
  data: Record<string, unknown>;
  invitedBy: string;
  inviter: string;
  expiresAt: string;
  acceptedBy: string | null;
  acceptedAt: string | null;
  revokedAt: string | null;
  dateCreated: string;
  dateUpdated: string;
}

export function personName(person: Person | undefined, lang: 'jp' | 'en'): string {
  if (!person) return '';
  return fullName({ first: person.first_name, last: person.last_name }, lang) || person.nickname || person.email || person.sub;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function invitationViews(db: DbOrTx, rows: InvitationRow[], lang: 'jp' | 'en'): Promise<InvitationView[]> {
  if (rows.length === 0) return [];
  const entities = [...new Set(rows.map((r) => r.entity).filter((e): e is string => Boolean(e)))];
  const orgs = entities.length
    ? await db.select({ key: licensees.key, name: licensees.name }).from(licensees).where(inArray(licensees.key, entities))
    : [];
  const names = new Map(orgs.map((o) => [o.key, o.name]));
  const inviters = await peopleOf(db, [...new Set(rows.map((r) => r.invitedBy))]);
  const people = new Map(inviters.map((p) => [p.sub, p]));
  const now = new Date();
  return rows.map((row) => ({
    key: row.key,
    reference: row.reference,
    kind: row.kind as InviteKind,
    email: row.email,
    entity: row.entity,
    organisation: (row.entity && names.get(row.entity)) || String(row.data.name ?? ''),
    role: row.role,
    lang: row.lang === 'en' ? 'en' : 'jp',
    state: inviteStatus(row, now),
    data: row.data,
    invitedBy: row.invitedBy,
    inviter: personName(people.get(row.invitedBy), lang),
    expiresAt: row.expiresAt.toISOString(),
    acceptedBy: row.acceptedBy,
    acceptedAt: iso(row.acceptedAt),
    revokedAt: iso(row.revokedAt),
    dateCreated: row.dateCreated.toISOString(),
    dateUpdated: row.dateUpdated.toISOString(),
  }));
}

export async function invitationView(db: DbOrTx, row: InvitationRow, lang: 'jp' | 'en'): Promise<InvitationView> {
  const [view] = await invitationViews(db, [row], lang);
  return view!;
}
