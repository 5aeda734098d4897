import { and, eq, sql } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';

/**
 * Sign-in throttling without lockout (issue #23). Failed passwords slow down where they come
 * from, never the account itself:
 * - a (account, source) pair gets LOGIN_MAX_FAILURES free attempts, then waits 1 s, 2 s, 4 s …
 *   (at most LOGIN_WINDOW_SECONDS) before each further one;
 * - a source gets four times that across all accounts (an office shares one address), then the
 *   same growing waits;
 * - an account's failures from everywhere are only counted, so its owner is told once per
 *   episode (lib/server/idp/failure-notice.ts); the right password from a source that has not
 *   been failing is never refused.
 * A quiet LOGIN_WINDOW_SECONDS after the last failure forgets a row. Rows live in the database,
 * so every server process throttles the same sources.
 */
export type ThrottleKind = 'pair' | 'source' | 'account';

export interface ThrottleKey {
  key: string;
  kind: ThrottleKind;
  account: string | null;
  source: string | null;
}

export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function pairKey(source: string, email: string): ThrottleKey {
  const account = normalEmail(email);
  return { key: `pair:${source} ${account}`, kind: 'pair', account, source };
}

export function sourceKey(source: string): ThrottleKey {
  return { key: `source:${source}`, kind: 'source', account: null, source };
}

export function accountKey(email: string): ThrottleKey {
  const account = normalEmail(email);
  return { key: `account:${account}`, kind: 'account', account, source: null };
}

/** Free attempts before the waits start. */
export function freeAttempts(kind: ThrottleKind): number {
  const { maxFailures } = getConfig().login;
  return kind === 'source' ? maxFailures * 4 : maxFailures;
}

/** The wait after the `failures`-th failure: none while free, then doubling from 1 s, capped at the window. */
export function delaySeconds(kind: ThrottleKind, failures: number): number {
  const over = failures - freeAttempts(kind);
  if (over < 0) return 0;
  return Math.min(2 ** Math.min(over, 30), getConfig().login.windowSeconds);
}

export type Reservation = { allowed: true } | { allowed: false; retryAfter: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface Held {
  throttle: ThrottleKey;
  failures: number;
  forgotten: boolean;
  blockedUntil: Date | null;
}

/** Locks one throttle's row (made when missing) and reads where it stands. */
async function hold(tx: Tx, throttle: ThrottleKey, now: Date): Promise<Held> {
  const { windowSeconds } = getConfig().login;
  await tx
    .insert(loginAttempts)
    .values({ key: throttle.key, kind: throttle.kind, account: throttle.account, source: throttle.source, failures: 0 })
    .onConflictDoNothing();
  const [row] = await tx.select().from(loginAttempts).where(eq(loginAttempts.key, throttle.key)).for('update');
  const quietSince = row?.lastFailureAt ?? row?.windowStart ?? now;
  const forgotten = now.getTime() - quietSince.getTime() > windowSeconds * 1000;
  return {
    throttle,
    failures: forgotten ? 0 : (row?.failures ?? 0),
    forgotten,
    blockedUntil: forgotten ? null : (row?.blockedUntil ?? null),
  };
}

/**
 * Reserves one attempt from `source` for `email`: refused (with the seconds left) while the pair
 * or the source waits, and then nothing is counted. Nothing here looks at the account as a whole.
 * An allowed attempt is counted before its password is checked, so parallel guesses cannot all
 * slip in; a success gives it back.
 */
export async function reserveAttempt(db: Db, source: string, email: string, now = new Date()): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const held = [await hold(tx, pairKey(source, email), now), await hold(tx, sourceKey(source), now)];
    const waits = held.map((h) => (h.blockedUntil && h.blockedUntil > now ? h.blockedUntil.getTime() - now.getTime() : 0));
    const longest = Math.max(...waits);
    if (longest > 0) return { allowed: false, retryAfter: Math.ceil(longest / 1000) };
    for (const h of held) {
      const failures = h.failures + 1;
      const wait = delaySeconds(h.throttle.kind, failures);
      await tx
        .update(loginAttempts)
        .set({
          failures,
          windowStart: h.forgotten ? now : undefined,
          lastFailureAt: now,
          blockedUntil: wait > 0 ? new Date(now.getTime() + wait * 1000) : null,
        })
        .where(eq(loginAttempts.key, h.throttle.key));
    }
    return { allowed: true };
  });
}

/**
 * After the right password: the pair starts afresh and the account's episode ends; the source
 * gets this attempt back (only failures count against it, so an office signing in all morning
 * is never slowed).
 */
export async function settleSuccessfulAttempt(db: Db, source: string, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(loginAttempts).where(eq(loginAttempts.key, pairKey(source, email).key));
    await tx.delete(loginAttempts).where(eq(loginAttempts.key, accountKey(email).key));
    // The attempt was allowed, so any earlier wait had passed: the one its reservation set goes too.
    await tx
      .update(loginAttempts)
      .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)`, blockedUntil: null })
      .where(eq(loginAttempts.key, sourceKey(source).key));
  });
}

/**
 * Counts a failed password against the account (from any source) and answers whether its owner
 * should now be told: at LOGIN_MAX_FAILURES, once per episode (until a success or a quiet window).
 */
export async function recordAccountFailure(
  db: Db | Tx,
  email: string,
  source: string,
  now = new Date(),
): Promise<{ failures: number; notify: boolean }> {
  const { windowSeconds, maxFailures } = getConfig().login;
  const throttle = accountKey(email);
  const expired = sql`${loginAttempts.lastFailureAt} < ${new Date(now.getTime() - windowSeconds * 1000)}`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key: throttle.key, kind: 'account', account: throttle.account, source, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
        notifiedAt: sql`case when ${expired} then null else ${loginAttempts.notifiedAt} end`,
        windowStart: sql`case when ${expired} then ${now} else ${loginAttempts.windowStart} end`,
        // The account row keeps the sources its failures came from (newest first, a few), for the mail and the admin page.
        source: sql`left(case when ${expired} or ${loginAttempts.source} is null then ${source} when position(${source} in ${loginAttempts.source}) > 0 then ${loginAttempts.source} else ${source} || ', ' || ${loginAttempts.source} end, 300)`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginAttempts.failures, notifiedAt: loginAttempts.notifiedAt });
  const failures = row?.failures ?? 1;
  if (failures < maxFailures || row?.notifiedAt) return { failures, notify: false };
  // Claim the notice: of two processes racing here, one sends it.
  const claimed = await db
    .update(loginAttempts)
    .set({ notifiedAt: now })
    .where(and(eq(loginAttempts.key, throttle.key), sql`${loginAttempts.notifiedAt} is null`))
    .returning({ key: loginAttempts.key });
  return { failures, notify: claimed.length > 0 };
}
