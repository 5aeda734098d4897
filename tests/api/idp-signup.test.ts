/**
 * Sign-up at the embedded provider (an invitee without an account): the form's rules, the new
 * account with calbee:user and a working password, a taken address, and the sign-in rate limit.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { userAccess, users } from '@/lib/server/db/schema';
import { checkLogin, signUp, type SignupForm } from '@/lib/server/idp/interactions';

const form = (over: Partial<SignupForm> = {}): SignupForm => ({
  email: 'new.person@example.com',
  name: 'New Person',
  password: 'a-long-password',
  confirm: 'a-long-password',
  lang: 'en',
  ...over,
});

beforeAll(async () => {
  await ensureReady();
});

describe('signUp', () => {
  it('checks each field before storing anything', async () => {
    expect(await signUp('10.9.0.1', form({ email: 'nope' }))).toEqual({ ok: false, reason: 'email' });
    expect(await signUp('10.9.0.1', form({ name: '   ' }))).toEqual({ ok: false, reason: 'name' });
    expect(await signUp('10.9.0.1', form({ password: 'short', confirm: 'short' }))).toEqual({ ok: false, reason: 'weak' });
    expect(await signUp('10.9.0.1', form({ confirm: 'another-password' }))).toEqual({ ok: false, reason: 'mismatch' });
    const [row] = await (await getDb()).select().from(users).where(eq(users.email, 'new.person@example.com'));
    expect(row).toBeUndefined();
  });

  it('creates an account with calbee:user that can sign in with its password', async () => {
    const outcome = await signUp('10.9.0.2', form());
    expect(outcome.ok).toBe(true);
    const sub = outcome.ok ? outcome.sub : '';
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.sub, sub));
    expect(row).toMatchObject({ email: 'new.person@example.com', nickname: 'New Person', lang: 'en', status: 0 });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    const access = await db.select({ entry: userAccess.entry }).from(userAccess).where(eq(userAccess.sub, sub));
    expect(access.map((a) => a.entry)).toEqual(['calbee:user']);
    expect(await checkLogin('10.9.0.2', 'NEW.person@example.com', 'a-long-password')).toEqual({ ok: true, sub });
  });

  it('refuses an address that already has an account, in any case', async () => {
    expect(await signUp('10.9.0.3', form({ email: 'USER@example.com' }))).toEqual({ ok: false, reason: 'taken' });
    expect(await signUp('10.9.0.3', form({ email: 'new.person@EXAMPLE.com' }))).toEqual({ ok: false, reason: 'taken' });
  });

  it('is slowed down like sign-in: refused attempts from one source make that source wait, not others', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await signUp('10.9.1.1', form({ email: 'designer@example.com' }))).toEqual({ ok: false, reason: 'taken' });
    }
    expect(await signUp('10.9.1.1', form({ email: 'Designer@example.com' }))).toMatchObject({ ok: false, reason: 'throttled' });
    expect(await signUp('10.9.1.2', form({ email: 'Designer@example.com' }))).toEqual({ ok: false, reason: 'taken' });
  });
});
