import { desc, eq, gt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import { writeAdminLog } from '../audit/write-admin-log';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';
import { getConfig } from '../../config';

export interface ThrottleView {
  key: string;
  kind: string;
  account: string | null;
  source: string | null;
  failures: number;
  lastFailureAt: string | null;
  blockedUntil: string | null;
  /** Seconds the pair or source still waits before its next attempt (0: none). */
  waitSeconds: number;
  notifiedAt: string | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * GET /api/sys/throttles (admin): the sign-in throttles that still count, newest failure first:
 * pairs and sources slowed down or counting, and accounts whose owner was (or will be) told.
 */
export async function listThrottles(db: Db): Promise<ThrottleView[]> {
  const { windowSeconds } = getConfig().login;
  const now = new Date();
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(
      sql`${loginAttempts.failures} > 0 and ${or(gt(loginAttempts.lastFailureAt, since), gt(loginAttempts.blockedUntil, now))}`,
    )
    .orderBy(desc(loginAttempts.lastFailureAt))
    .limit(500);
  return rows.map((row) => ({
    key: row.key,
    kind: row.kind,
    account: row.account,
    source: row.source,
    failures: row.failures,
    lastFailureAt: iso(row.lastFailureAt),
    blockedUntil: iso(row.blockedUntil),
    waitSeconds: row.blockedUntil && row.blockedUntil > now ? Math.ceil((row.blockedUntil.getTime() - now.getTime()) / 1000) : 0,
    notifiedAt: iso(row.notifiedAt),
  }));
}

/** Body of POST /api/sys/throttles/clear. */
export const clearThrottleInput = z.object({ key: z.string().min(1).max(600) }).strict();

/**
 * POST /api/sys/throttles/clear (admin): forgets one throttle (the pair, source or account row),
 * so the source signs in at once; written to the admin log with what it held.
 */
export async function clearThrottle(db: Db, caller: Caller, body: unknown): Promise<{ key: string }> {
  const input = validateInput(clearThrottleInput, body, caller.lang);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [row] = await tx.delete(loginAttempts).where(eq(loginAttempts.key, input.key)).returning();
    if (!row) throw new AppError('not_found', 'throttle not found');
    await writeAdminLog(tx, {
      sub: caller.sub,
      action: 'throttle.clear',
      ref: row.account ?? row.source ?? row.key,
      data: {
        kind: row.kind,
        account: row.account,
        source: row.source,
        before: { failures: row.failures, blockedUntil: iso(row.blockedUntil), notifiedAt: iso(row.notifiedAt) },
        after: null,
      },
    });
    return { key: row.key };
  });
}
