import { and, eq } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import type { Db } from '../db/client';
import { reviews } from '../db/entities-schema';
import { users } from '../db/schema';
import { viewerOf, type Viewer } from '../entities/viewer';
import { decideReview, type DECISIONS } from '../flow/decide-review';
import { callerRecord, createPasswordAccount, findLoginByEmail } from '../users/accounts';
import type { DemoPerson } from './cast';

/** A demo person acting through the services, as their own signed-in session would. */
export interface Actor {
  sub: string;
  caller: Caller;
  viewer: Viewer;
}

export async function actorOf(db: Db, email: string): Promise<Actor> {
  const login = await findLoginByEmail(db, email);
  if (!login) throw new Error(`demo seed: no account ${email}`);
  const record = await callerRecord(db, login.sub);
  const caller: Caller = {
    sub: login.sub,
    access: record?.access ?? [],
    via: 'session',
    lang: record?.lang === 'en' ? 'en' : 'jp',
  };
  return { sub: login.sub, caller, viewer: await viewerOf(db, caller) };
}

/**
 * A demo person who signs up at the embedded provider (the sign-up service, default access),
 * with the demo password; the name fields are the profile's (family name in lastName).
 */
export async function ensurePerson(db: Db, person: DemoPerson, passwordHash: string, defaultAccess: string[]): Promise<string> {
  const found = await findLoginByEmail(db, person.email);
  if (found) return found.sub;
  const name = person.lang === 'jp' ? `${person.lastName} ${person.firstName}` : `${person.firstName} ${person.lastName}`;
  const sub = await createPasswordAccount(db, { email: person.email, passwordHash, name, lang: person.lang }, defaultAccess);
  if (!sub) throw new Error(`demo seed: could not create ${person.email}`);
  // The profile's own fields, as the person fills them on the profile page.
  await db.update(users).set({ firstName: person.firstName, lastName: person.lastName }).where(eq(users.sub, sub));
  return sub;
}

type Decision = (typeof DECISIONS)[number];

/** The pending review of a group on a record (the approver's queue item). */
export async function pendingReview(db: Db, subject: string, group: string): Promise<string | undefined> {
  const [row] = await db
    .select({ key: reviews.key })
    .from(reviews)
    .where(and(eq(reviews.subject_key, subject), eq(reviews.group, group), eq(reviews.state, 'pending')))
    .limit(1);
  return row?.key;
}

/** An approver decides their group's pending review, through the same service as the review page. */
export async function decide(
  db: Db,
  actor: Actor,
  subject: string,
  group: string,
  decision: Decision,
  body: { comment?: string; markups?: { image: string; x: number; y: number; note: string }[] } = {},
): Promise<void> {
  const review = await pendingReview(db, subject, group);
  if (!review) throw new Error(`demo seed: no pending ${group} review on ${subject}`);
  await decideReview(db, actor.viewer, review, decision, body);
}
