import { eq } from 'drizzle-orm';
import { getConfig } from '../../config';
import { newKey } from '../keys';
import { hashPassword } from '../users/password';
import { findLoginByEmail } from '../users/accounts';
import type { Db } from './client';
import { demoAccounts, type DemoAccount } from './demo-accounts';
import { designers, holders, licensees } from './entities-schema';
import { userAccess, users } from './schema';

const DEMO_LICENSEE_NAME = 'Demo Snacks Manufacturing Co.';

async function ensureDefaultHolder(db: Db): Promise<string> {
  const [existing] = await db.select({ key: holders.key }).from(holders).where(eq(holders.is_default, true)).limit(1);
  if (existing) return existing.key;
  const key = newKey();
  await db.insert(holders).values({ key, name: 'Calbee', is_default: true });
  return key;
}

async function ensureDemoLicensee(db: Db): Promise<string> {
  const [existing] = await db
    .select({ key: licensees.key })
    .from(licensees)
    .where(eq(licensees.name, DEMO_LICENSEE_NAME))
    .limit(1);
  if (existing) return existing.key;
  const key = newKey();
  await db.insert(licensees).values({ key, name: DEMO_LICENSEE_NAME });
  return key;
}

/** Places an approver or manager in the default holder's groups (idempotent). */
async function placeInHolderGroups(db: Db, holderKey: string, account: DemoAccount, sub: string) {
  const [holder] = await db.select().from(holders).where(eq(holders.key, holderKey));
  if (!holder) return;
  const patch: Partial<typeof holders.$inferInsert> = {};
  if (account.approver) {
    const list = holder.approver[account.approver] ?? [];
    if (!list.some((a) => a.sub === sub)) patch.approver = { ...holder.approver, [account.approver]: [...list, { sub }] };
  }
  if (account.manager) {
    const column = ({ legal: 'manager_legal', brand: 'manager_brand', cfl: 'manager_cfl' } as const)[account.manager];
    const list = holder[column];
    if (!list.some((a) => a.sub === sub)) patch[column] = [...list, { sub }];
  }
  if (Object.keys(patch).length) await db.update(holders).set(patch).where(eq(holders.key, holderKey));
}

/** A demo designer's record, as the designer application issues it (one per person, idempotent). */
async function ensureDemoDesigner(db: Db, account: DemoAccount, sub: string) {
  const [existing] = await db.select({ key: designers.key }).from(designers).where(eq(designers.owner, sub)).limit(1);
  if (existing || !account.designer) return;
  await db
    .insert(designers)
    .values({ key: newKey(), ...account.designer, email: account.email, owner: sub })
    .onConflictDoNothing();
}

export interface SeededAccount {
  id: string;
  email: string;
  access: string[];
}

/**
 * Creates the default holder and, when demo seeding is on, one account per role. Running it
 * again changes nothing: accounts are found by e-mail, groups by membership.
 */
export async function seed(db: Db, password: string): Promise<SeededAccount[]> {
  const config = getConfig();
  const holderKey = await ensureDefaultHolder(db);
  if (!config.demo.seed) return [];
  const licenseeKey = await ensureDemoLicensee(db);
  const names = { client: config.aclClient, product: config.productKey };
  const passwordHash = await hashPassword(password);
  const seeded: SeededAccount[] = [];
  for (const account of demoAccounts) {
    const access = account.access(names, licenseeKey);
    const found = await findLoginByEmail(db, account.email);
    const sub = found?.sub ?? newKey();
    if (!found) {
      await db.transaction(async (tx) => {
        await tx.insert(users).values({
          sub,
          email: account.email,
          passwordHash,
          nickname: account.nickname,
          firstName: account.firstName,
          lastName: account.lastName,
          lang: account.lang,
        });
        await tx.insert(userAccess).values(access.map((entry) => ({ sub, entry, grantedBy: 'seed' })));
      });
      if (account.id === 'licensee-owner') {
        await db.update(licensees).set({ owner: sub }).where(eq(licensees.key, licenseeKey));
      }
    }
    await placeInHolderGroups(db, holderKey, account, sub);
    if (account.designer) await ensureDemoDesigner(db, account, sub);
    seeded.push({ id: account.id, email: account.email, access });
  }
  return seeded;
}
