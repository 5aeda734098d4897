import { eq, sql } from 'drizzle-orm';
import { getConfig } from '../../config';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';

/**
 * A fixed window of failed sign-ins per client address and per account. Kept in the database
 * so several server processes share one count.
 */
export function attemptKeys(ip: string, email: string): string[] {
  return [`ip:${ip}`, `account:${email.trim().toLowerCase()}`];
}

export async function isLocked(db: Db, keys: string[]): Promise<boolean> {
  const { maxFailures, windowSeconds } = getConfig().login;
  for (const key of keys) {
    const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
    if (!row) continue;
    const inWindow = Date.now() - row.windowStart.getTime() < windowSeconds * 1000;
    // An address is shared by many people (an office NAT), so it gets four times the room.
    const limit = key.startsWith('ip:') ? maxFailures * 4 : maxFailures;
    if (inWindow && row.failures >= limit) return true;
  }
  return false;
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  const { windowSeconds } = getConfig().login;
  for (const key of keys) {
    // One statement per key: a new window starts when the old one has run out.
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStart: new Date() })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${loginAttempts.failures} + 1 end`,
          windowStart: sql`case when ${loginAttempts.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${loginAttempts.windowStart} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  // Only the account's count resets on success; the address keeps its record.
  const accountKeys = keys.filter((k) => k.startsWith('account:'));
  for (const key of accountKeys) await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
