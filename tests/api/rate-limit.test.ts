import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { loginAttempts, users } from '@/lib/server/db/schema';
import { checkLogin } from '@/lib/server/idp/interactions';
import { TEST_DEMO_PASSWORD } from './env';
import { subOf } from './tokens';

async function failuresOf(key: string): Promise<number | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  return row?.failures;
}

describe('checkLogin and the login rate limit', () => {
  let max: number;

  beforeAll(async () => {
    await ensureReady();
    max = getConfig().login.maxFailures;
  });

  it('uses the default of 5 failures', () => {
    expect(max).toBe(5);
  });

  it('accepts the right password and rejects a wrong one', async () => {
    const ok = await checkLogin('10.0.0.1', 'user@example.com', TEST_DEMO_PASSWORD);
    expect(ok).toEqual({ ok: true, sub: await subOf('user@example.com') });
    expect(await checkLogin('10.0.0.1', 'user@example.com', 'wrong')).toEqual({ ok: false, reason: 'invalid' });
    expect(await checkLogin('10.0.0.1', 'nobody@example.com', TEST_DEMO_PASSWORD)).toEqual({ ok: false, reason: 'invalid' });
    // E-mail matching ignores case and surrounding blanks.
    expect((await checkLogin('10.0.0.1', '  USER@Example.com ', TEST_DEMO_PASSWORD)).ok).toBe(true);
  });

  it('locks an account after LOGIN_MAX_FAILURES wrong passwords, even for the right one', async () => {
    const email = 'designer@example.com';
    for (let i = 0; i < max; i++) {
      expect(await checkLogin('10.0.1.1', email, `wrong-${i}`)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(await failuresOf(`account:${email}`)).toBe(max);
    expect(await checkLogin('10.0.1.1', email, TEST_DEMO_PASSWORD)).toEqual({ ok: false, reason: 'locked' });
    // The lock is per account: another address does not get around it.
    expect(await checkLogin('10.0.1.2', email.toUpperCase(), TEST_DEMO_PASSWORD)).toEqual({ ok: false, reason: 'locked' });
  });

  it('leaves another account from another address unaffected', async () => {
    expect(await checkLogin('10.0.2.1', 'studio@example.com', TEST_DEMO_PASSWORD)).toEqual({
      ok: true,
      sub: await subOf('studio@example.com'),
    });
  });

  it('a correct login before the limit clears the account count', async () => {
    const email = 'holder@example.com';
    const ip = '10.0.3.1';
    for (let i = 0; i < max - 1; i++) expect((await checkLogin(ip, email, 'wrong')).ok).toBe(false);
    expect(await failuresOf(`account:${email}`)).toBe(max - 1);
    expect((await checkLogin(ip, email, TEST_DEMO_PASSWORD)).ok).toBe(true);
    expect(await failuresOf(`account:${email}`)).toBeUndefined();
    // Without the reset these would make 2 * (max - 1) >= max failures and lock the account.
    for (let i = 0; i < max - 1; i++) expect((await checkLogin(ip, email, 'wrong')).ok).toBe(false);
    expect(await checkLogin(ip, email, TEST_DEMO_PASSWORD)).toEqual({ ok: true, sub: await subOf(email) });
    // The address keeps its own record.
    expect(await failuresOf(`ip:${ip}`)).toBe(2 * (max - 1));
  });

  it('locks an address after four times the account limit, across accounts', async () => {
    const ip = '10.0.4.1';
    const accounts = ['legal@example.com', 'brand@example.com', 'cfl@example.com', 'boss@example.com', 'admin@example.com'];
    for (let i = 0; i < max * 4; i++) {
      // Spread over accounts so that no single account reaches its own limit.
      const email = accounts[i % accounts.length]!;
      expect(await checkLogin(ip, email, 'wrong')).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(await checkLogin(ip, 'licensee@example.com', TEST_DEMO_PASSWORD)).toEqual({ ok: false, reason: 'locked' });
    // The same account from a clean address still signs in.
    expect((await checkLogin('10.0.4.2', 'licensee@example.com', TEST_DEMO_PASSWORD)).ok).toBe(true);
  });

  // Attempts are counted before the password is checked, so parallel guesses cannot all slip in.
  it('evaluates at most LOGIN_MAX_FAILURES concurrent guesses', async () => {
    const email = 'cfl-manager@example.com';
    const guesses = Array.from({ length: 20 }, (_, i) => (i === 19 ? TEST_DEMO_PASSWORD : `wrong-${i}`));
    const results = await Promise.all(guesses.map((password, i) => checkLogin(`10.0.6.${i}`, email, password)));
    const evaluated = results.filter((r) => r.ok || r.reason === 'invalid').length;
    expect(evaluated).toBeLessThanOrEqual(max);
    expect(results[19]).toEqual({ ok: false, reason: 'locked' });
  });

  it('a suspended account cannot sign in with the right password', async () => {
    const db = await getDb();
    await db.update(users).set({ status: 1 }).where(eq(users.email, 'licensee-staff@example.com'));
    expect(await checkLogin('10.0.5.1', 'licensee-staff@example.com', TEST_DEMO_PASSWORD)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
