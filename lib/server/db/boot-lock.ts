import type { DbHandle } from './client';

// Any fixed 64-bit number: it names the lock, shared by every replica of the platform.
const BOOT_LOCK = 7_042_019_117;

/**
 * Runs the start-up work (migrations, seed) under a PostgreSQL advisory lock, so replicas that
 * start together against one database take turns: the first applies the migrations, the others
 * find them applied. The lock is held by a dedicated connection and ends with it, so a process
 * killed half-way frees it. PGlite has one process by construction and needs no lock.
 */
export async function withBootLock<T>(handle: DbHandle, work: () => Promise<T>): Promise<T> {
  if (!handle.pool) return work();
  const client = await handle.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [BOOT_LOCK]);
    try {
      return await work();
    } finally {
      // A failed unlock means a lost connection, which has released the lock already.
      await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK]).catch((err: Error) => (broken = err));
    }
  } finally {
    // A connection that failed is closed rather than returned to the pool.
    client.release(broken);
  }
}
