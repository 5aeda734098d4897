import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userAccess, users } from '../db/schema';
import { newKey } from '../keys';

export type UserRow = typeof users.$inferSelect;

/** Public shape of a user: never the password hash. */
export type PublicUser = Omit<UserRow, 'passwordHash'>;

const publicColumns = {
  sub: users.sub,
  email: users.email,
  nickname: users.nickname,
  firstName: users.firstName,
  lastName: users.lastName,
  picture: users.picture,
  lang: users.lang,
  wallet: users.wallet,
  bio: users.bio,
  mailOff: users.mailOff,
  mailDigest: users.mailDigest,
  digestSentAt: users.digestSentAt,
  accepted_terms_version: users.accepted_terms_version,
  status: users.status,
  dateCreated: users.dateCreated,
  dateUpdated: users.dateUpdated,
  version: users.version,
};

export async function findUserBySub(db: Db, sub: string): Promise<PublicUser | undefined> {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.sub, sub)).limit(1);
  return row;
}

/** The one lookup that reads the hash, for the provider's login check only. */
export async function findLoginByEmail(
  db: Db,
  email: string,
): Promise<{ sub: string; passwordHash: string | null; status: number } | undefined> {
  const [row] = await db
    .select({ sub: users.sub, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function accessOf(db: Db, sub: string): Promise<string[]> {
  const rows = await db.select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, sub));
  return rows.map((r) => r.entry).sort();
}

export interface ExternalClaims {
  sub: string;
  email?: string | null;
  nickname?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  picture?: string | null;
}

/**
 * Users signing in through an external provider are recorded on first sign-in so that access
 * entries, notifications and profiles can refer to them; their names follow the provider.
 */
export async function upsertUserFromClaims(db: Db, claims: ExternalClaims, defaultAccess: string[]): Promise<void> {
  const existing = await findUserBySub(db, claims.sub);
  if (existing) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({
        sub: claims.sub,
        email: claims.email ?? `${claims.sub}@users.invalid`,
        nickname: claims.nickname ?? '',
        firstName: claims.given_name ?? '',
        lastName: claims.family_name ?? '',
        picture: claims.picture ?? null,
      })
      .onConflictDoNothing();
    if (defaultAccess.length) {
      await tx
        .insert(userAccess)
        .values(defaultAccess.map((entry) => ({ sub: claims.sub, entry, grantedBy: 'system' })))
        .onConflictDoNothing();
    }
  });
}

export function newSub(): string {
  return newKey();
}

export interface CallerRecord {
  status: number;
  lang: string;
  access: string[];
}

/** Status, language and access entries in one round trip: every API request needs them. */
export async function callerRecord(db: Db, sub: string): Promise<CallerRecord | undefined> {
  const result = await db.execute<{ status: number; lang: string; access: string[] | null }>(sql`
    select u.status, u.lang,
           coalesce((select array_agg(a.entry order by a.entry) from user_access a where a.sub = u.sub), '{}') as access
    from users u where u.sub = ${sub}`);
  const row = result.rows[0];
  return row ? { status: Number(row.status), lang: row.lang, access: row.access ?? [] } : undefined;
}

/** Password rules of accounts created at the embedded provider (the sign-up form shows the same). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export interface NewPasswordAccount {
  email: string;
  passwordHash: string;
  name: string;
  lang: 'jp' | 'en';
}

/**
 * Records a person who signed up at the embedded provider, with `defaultAccess` (calbee:user).
 * Null when the address is taken (case-insensitive), including by a sign-up racing this one.
 */
export async function createPasswordAccount(
  db: Db,
  account: NewPasswordAccount,
  defaultAccess: string[],
): Promise<string | null> {
  const sub = newKey();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        sub,
        email: account.email.trim(),
        passwordHash: account.passwordHash,
        nickname: account.name,
        lang: account.lang,
      })
      .onConflictDoNothing()
      .returning({ sub: users.sub });
    if (inserted.length === 0) return null;
    if (defaultAccess.length) {
      await tx.insert(userAccess).values(defaultAccess.map((entry) => ({ sub, entry, grantedBy: 'signup' })));
    }
    return sub;
  });
}
