import path from 'node:path';
import type { DbHandle } from './client';

export const migrationsFolder = path.join(process.cwd(), 'lib/server/db/migrations');

/** Applies the one set of SQL migrations to whichever database is configured. */
export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db, { migrationsFolder });
    return;
  }
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Same Drizzle session API underneath; the cast undoes the typing choice made in client.ts.
  await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
}
