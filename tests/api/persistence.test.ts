import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getConfig } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { closeDb, getDb, getDbHandle } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { runMigrations } from '@/lib/server/db/migrate';
import { notifications, users } from '@/lib/server/db/schema';
import { newKey } from '@/lib/server/keys';

describe('persistence across a restart (close the handle, open a new one)', () => {
  it('keeps the seeded accounts and a row written before the restart', async () => {
    await ensureReady();
    const first = await getDbHandle();
    const key = newKey();
    await first.db.insert(notifications).values({ key, target: 'persist-target', subject: 'kept across restart' });
    const [admin] = await first.db.select({ sub: users.sub }).from(users).where(eq(users.email, 'admin@example.com'));

    await closeDb();
    if (first.kind === 'pglite') {
      // The data lives in files under DATA_DIR, not in the closed instance.
      expect(fs.existsSync(path.join(getConfig().dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    }

    const second = await getDbHandle();
    expect(second).not.toBe(first);
    expect(second.kind).toBe(first.kind);
    const db = await getDb();
    const [row] = await db.select().from(notifications).where(eq(notifications.key, key));
    expect(row?.subject).toBe('kept across restart');
    expect(row?.target).toBe('persist-target');
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
    expect(n).toBe(demoAccounts.length);
    const [adminAgain] = await db.select({ sub: users.sub }).from(users).where(eq(users.email, 'admin@example.com'));
    expect(adminAgain?.sub).toBe(admin?.sub);

    // Migrating the reopened database again is a no-op, not an error.
    await expect(runMigrations(second)).resolves.toBeUndefined();
  });

  it('the old handle is really closed', async () => {
    const handle = await getDbHandle();
    await closeDb();
    await expect(handle.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
