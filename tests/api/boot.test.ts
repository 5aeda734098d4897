import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/lib/config';
import { ensureReady, type BootResult } from '@/lib/server/boot';
import { getDb, type Db } from '@/lib/server/db/client';
import { demoAccounts } from '@/lib/server/db/demo-accounts';
import { holders, licensees } from '@/lib/server/db/entities-schema';
import { userAccess, users } from '@/lib/server/db/schema';
import { seed } from '@/lib/server/db/seed';
import { verifyPassword } from '@/lib/server/users/password';
import { TEST_DEMO_PASSWORD } from './env';

const TABLES = [
  'admin_log',
  'holders',
  'idp_consents',
  'licensees',
  'login_attempts',
  'notifications',
  'oidc_payloads',
  'user_access',
  'users',
];

async function counts(db: Db) {
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [a] = await db.select({ n: sql<number>`count(*)::int` }).from(userAccess);
  const [h] = await db.select({ n: sql<number>`count(*)::int` }).from(holders);
  const [l] = await db.select({ n: sql<number>`count(*)::int` }).from(licensees);
  return { users: u!.n, access: a!.n, holders: h!.n, licensees: l!.n };
}

async function subByEmail(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ sub: users.sub, email: users.email }).from(users);
  return new Map(rows.map((r) => [r.email, r.sub]));
}

describe('boot: migrations and seed', () => {
  let boot: BootResult;
  let db: Db;

  beforeAll(async () => {
    boot = await ensureReady();
    db = await getDb();
  });

  it('reports the driver selected by DATABASE_URL and the configured demo password', () => {
    expect(boot.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(boot.demoPassword).toBe(TEST_DEMO_PASSWORD);
    expect(boot.accounts.map((a) => a.id)).toEqual(demoAccounts.map((a) => a.id));
  });

  it('is idempotent within a process (one boot promise)', async () => {
    expect(await ensureReady()).toBe(boot);
  });

  it('creates every table of the schema', async () => {
    const result = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = result.rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(TABLES));
  });

  it('seeds exactly one default holder and one user per demo account', async () => {
    const defaults = await db.select().from(holders).where(eq(holders.is_default, true));
    expect(defaults).toHaveLength(1);
    const c = await counts(db);
    expect(c.holders).toBe(1);
    expect(c.users).toBe(demoAccounts.length);
    const emails = (await db.select({ email: users.email }).from(users)).map((r) => r.email).sort();
    expect(emails).toEqual(demoAccounts.map((a) => a.email).sort());
  });

  it('gives every account exactly the access entries of its definition', async () => {
    const config = getConfig();
    const [licensee] = await db.select().from(licensees);
    expect(licensee).toBeDefined();
    const subs = await subByEmail(db);
    for (const account of demoAccounts) {
      const sub = subs.get(account.email);
      expect(sub, account.email).toBeDefined();
      const rows = await db.select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, sub!));
      const expected = account.access({ client: config.aclClient, product: config.productKey }, licensee!.key);
      expect(rows.map((r) => r.entry).sort(), account.id).toEqual([...expected].sort());
    }
    // The licensee organisation belongs to the owner account.
    expect(licensee!.owner).toBe(subs.get('licensee@example.com'));
  });

  it('stores a scrypt hash of the demo password, not the password', async () => {
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'admin@example.com'));
    expect(row!.hash).toMatch(/^scrypt\$/);
    expect(row!.hash).not.toContain(TEST_DEMO_PASSWORD);
    expect(await verifyPassword(TEST_DEMO_PASSWORD, row!.hash)).toBe(true);
  });

  it('places the approvers and managers in the default holder groups', async () => {
    const subs = await subByEmail(db);
    const [holder] = await db.select().from(holders).where(eq(holders.is_default, true));
    for (const account of demoAccounts) {
      const sub = subs.get(account.email)!;
      if (account.approver) {
        expect(holder!.approver[account.approver], account.id).toEqual([{ sub }]);
      }
      if (account.manager) {
        const column = ({ legal: 'manager_legal', brand: 'manager_brand', cfl: 'manager_cfl' } as const)[account.manager];
        expect(holder![column], account.id).toEqual([{ sub }]);
      }
    }
    expect(Object.keys(holder!.approver).sort()).toEqual(['boss', 'brand', 'cfl', 'legal']);
    for (const group of ['legal', 'brand', 'cfl', 'boss'] as const) {
      expect(holder!.approver[group]).toEqual([
        { sub: subs.get(group === 'boss' ? 'boss@example.com' : `${group}@example.com`) },
      ]);
    }
    expect(holder!.manager_legal).toEqual([{ sub: subs.get('legal-manager@example.com') }]);
    expect(holder!.manager_brand).toEqual([{ sub: subs.get('brand-manager@example.com') }]);
    expect(holder!.manager_cfl).toEqual([{ sub: subs.get('cfl-manager@example.com') }]);
  });

  it('running seed again creates no duplicates and keeps the same accounts', async () => {
    const before = await counts(db);
    const subsBefore = await subByEmail(db);
    const [holderBefore] = await db.select().from(holders).where(eq(holders.is_default, true));
    await seed(db, 'another-password');
    await seed(db, 'another-password');
    expect(await counts(db)).toEqual(before);
    expect(await subByEmail(db)).toEqual(subsBefore);
    const [holderAfter] = await db.select().from(holders).where(eq(holders.is_default, true));
    expect(holderAfter!.key).toBe(holderBefore!.key);
    expect(holderAfter!.approver).toEqual(holderBefore!.approver);
    expect(holderAfter!.manager_legal).toEqual(holderBefore!.manager_legal);
    // An existing account keeps its password: a reseed must not reset it.
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'user@example.com'));
    expect(await verifyPassword(TEST_DEMO_PASSWORD, row!.hash)).toBe(true);
  });
});
