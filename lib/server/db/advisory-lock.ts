import type { DbHandle } from './client';

/** Fixed numbers naming the locks every replica of the platform shares. */
export const LOCKS = {
  /** Migrations and seed on start. */
  boot: 7_042_019_117,
  /** Chain mints: one signer, so one transaction in flight across all replicas. */
  mint: 7_042_019_118,
} as const;

/**
 * Runs `work` under a PostgreSQL advisory lock, so replicas sharing one database take turns
 * (replicas starting together: the first applies the migrations, the others find them applied).
 * The lock is held by a dedicated connection and ends with it, so a process killed half-way
 * frees it. PGlite has one process by construction and needs no lock.
 */
export async function withAdvisoryLock<T>(handle: DbHandle, lock: number, work: () => Promise<T>): Promise<T> {
  if (!handle.pool) return work();
  const client = await handle.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [lock]);
    try {
      return await work();
    } finally {
      // A failed unlock means a lost connection, which has released the lock already.
      await client.query('select pg_advisory_unlock($1)', [lock]).catch((err: Error) => (broken = err));
    }
  } finally {
    // A connection that failed is closed rather than returned to the pool.
    client.release(broken);
  }
}
