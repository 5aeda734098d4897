import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeAdminLog } from '@/lib/server/audit/write-admin-log';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { adminLog, userAccess } from '@/lib/server/db/schema';
import { subOf } from './tokens';

describe('writeAdminLog', () => {
  beforeAll(async () => {
    await ensureReady();
  });

  it('writes a row with who, what, data and ref', async () => {
    const db = await getDb();
    await writeAdminLog(db, { sub: 'admin-sub', action: 'acl.set', data: { before: [], after: ['x'] }, ref: 'ref-1' });
    const rows = await db.select().from(adminLog).where(eq(adminLog.ref, 'ref-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sub: 'admin-sub', data: { before: [], after: ['x'] }, ref: 'ref-1' });
    expect(rows[0]!.key).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(rows[0]!.time).toBeInstanceOf(Date);
  });

  it('lands with the change when the transaction commits', async () => {
    const db = await getDb();
    const sub = await subOf('user@example.com');
    await db.transaction(async (tx) => {
      await tx.insert(userAccess).values({ sub, entry: 'calbee:designer', grantedBy: 'admin-sub' });
      await writeAdminLog(tx, { sub: 'admin-sub', action: 'acl.grant', data: { after: 'calbee:designer' }, ref: sub });
    });
    expect(
      await db
        .select()
        .from(adminLog)
        .where(and(eq(adminLog.action, 'acl.grant'), eq(adminLog.ref, sub))),
    ).toHaveLength(1);
  });

  it('leaves no row when the transaction throws after writing it', async () => {
    const db = await getDb();
    const sub = await subOf('user@example.com');
    const failure = new Error('change failed after the log was written');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(userAccess).values({ sub, entry: 'calbee:boss', grantedBy: 'admin-sub' });
        await writeAdminLog(tx, { sub: 'admin-sub', action: 'acl.revoke', data: { after: 'calbee:boss' }, ref: sub });
        // Inside the transaction the row is visible...
        expect(
          await tx
            .select()
            .from(adminLog)
            .where(and(eq(adminLog.action, 'acl.revoke'), eq(adminLog.ref, sub))),
        ).toHaveLength(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    // ...and after the rollback neither the log row nor the change remain.
    expect(
      await db
        .select()
        .from(adminLog)
        .where(and(eq(adminLog.action, 'acl.revoke'), eq(adminLog.ref, sub))),
    ).toHaveLength(0);
    const entries = (await db.select().from(userAccess).where(eq(userAccess.sub, sub))).map((r) => r.entry);
    expect(entries).not.toContain('calbee:boss');
  });
});
