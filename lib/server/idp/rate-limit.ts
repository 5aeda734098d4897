import { eq, sql } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';

/**
 * A fixed window of sign-in attempts per client address and per account, kept in the database
 * so several server processes share one count. An attempt is counted before its password is
 * checked, so parallel guesses cannot all slip in under the limit.
 */
export function attemptKeys(ip: string, email: string): string[] {
  return [`ip:${ip}`, `account:${email.trim().toLowerCase()}`];
}

function limitFor(key: string): number {
  const { maxFailures } = getConfig().login;
  // An address is shared by many people (an office NAT), so it gets four times the room.
  return key.startsWith('ip:') ? maxFailures * 4 : maxFailures;
}

/** Counts one attempt on every key; false when any key is already past its limit. */
export async function reserveAttempt(db: Db, keys: string[]): Promise<boolean> {
  const { windowSeconds } = getConfig().login;
  let allowed = true;
  for (const key of keys) {
    const expired = sql`${loginAttempts.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
    const [row] = await db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStart: new Date() })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${loginAttempts.windowStart} end`,
        },
      })
      .returning({ failures: loginAttempts.failures });
    if ((row?.failures ?? 0) > limitFor(key)) allowed = false;
  }
  return allowed;
}

/**
 * After a successful sign-in the account starts afresh and the address gets its attempt back:
 * only failures count against an address, so an office signing in all morning is never locked.
 */
export async function settleSuccessfulAttempt(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    if (key.startsWith('account:')) {
      await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
    } else {
      await db
        .update(loginAttempts)
        .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
        .where(eq(loginAttempts.key, key));
    }
  }
}
