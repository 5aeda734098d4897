/**
 * Sign-in throttling without lockout (issue #23): failures slow down the source they come from
 * (per account and across accounts), never the account; the right password from a source that has
 * not been failing signs in at once; the account's owner is mailed once per episode; admins see
 * and clear throttles.
 */
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getConfig } from '@/lib/config';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { emailOutbox } from '@/lib/server/db/platform-schema';
import { adminLog, loginAttempts, users } from '@/lib/server/db/schema';
import { checkLogin } from '@/lib/server/idp/interactions';
import * as clearRoute from '@/pages/api/sys/throttles/clear';
import * as listRoute from '@/pages/api/sys/throttles/index';
import { TEST_DEMO_PASSWORD } from './env';
import { serveRoute } from './harness';
import { issueAccessToken, subOf } from './tokens';

interface Envelope<T = unknown> {
  status: number;
  data: T;
}
interface Throttle {
  key: string;
  kind: string;
  account: string | null;
  source: string | null;
  failures: number;
  waitSeconds: number;
  notifiedAt: string | null;
}

async function rowOf(key: string) {
  const [row] = await (await getDb()).select().from(loginAttempts).where(eq(loginAttempts.key, key));
  return row;
}

/** Lets a waiting throttle's time pass (the test does not sleep through real seconds). */
async function letWaitPass(key: string): Promise<void> {
  await (
    await getDb()
  )
    .update(loginAttempts)
    .set({ blockedUntil: new Date(Date.now() - 1000) })
    .where(eq(loginAttempts.key, key));
}

async function mailsTo(email: string) {
  return (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, 'login-failures')));
}

const wrong = (i: number) => `wrong-password-${i}`;

describe('checkLogin: throttling without lockout', () => {
  let max: number;

  beforeAll(async () => {
    await ensureReady();
    max = getConfig().login.maxFailures;
  });

  it('uses the default of 5 free attempts', () => {
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

  it('after repeated failures from one source, the right password from another source signs in at once', async () => {
    const email = 'boss@example.com';
    const attacker = '198.51.100.7';
    for (let i = 0; i < max * 3; i++) {
      const outcome = await checkLogin(attacker, email, wrong(i));
      expect(outcome.ok).toBe(false);
    }
    // The owner, from their own office: no wait, no refusal.
    expect(await checkLogin('10.0.1.2', email, TEST_DEMO_PASSWORD)).toEqual({ ok: true, sub: await subOf(email) });
    // Even with the same account name in other letters.
    expect((await checkLogin('10.0.1.3', email.toUpperCase(), TEST_DEMO_PASSWORD)).ok).toBe(true);
  });

  it('slows the failing source progressively, even for the right password, and counts nothing while it waits', async () => {
    const email = 'designer@example.com';
    const source = '198.51.100.8';
    const pair = `pair:${source} ${email}`;
    for (let i = 0; i < max - 1; i++) expect(await checkLogin(source, email, wrong(i))).toEqual({ ok: false, reason: 'invalid' });
    expect((await rowOf(pair))?.blockedUntil).toBeNull();
    // The last free attempt is still checked; after it the source waits 1 s, then 2 s, 4 s …
    expect(await checkLogin(source, email, wrong(99))).toEqual({ ok: false, reason: 'invalid' });
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const refused = await checkLogin(source, email, TEST_DEMO_PASSWORD);
      expect(refused).toMatchObject({ ok: false, reason: 'throttled' });
      waits.push((refused as { retryAfter: number }).retryAfter);
      // A refused attempt is not counted.
      const failures = (await rowOf(pair))!.failures;
      expect(await checkLogin(source, email, wrong(round))).toMatchObject({ reason: 'throttled' });
      expect((await rowOf(pair))!.failures).toBe(failures);
      await letWaitPass(pair);
      expect(await checkLogin(source, email, wrong(round))).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // Once its wait has passed, the right password from that source signs in and the pair starts afresh.
    await letWaitPass(pair);
    expect(await checkLogin(source, email, TEST_DEMO_PASSWORD)).toEqual({ ok: true, sub: await subOf(email) });
    expect(await rowOf(pair)).toBeUndefined();
  });

  it('slows a source failing across many accounts, and no other source', async () => {
    const source = '198.51.100.9';
    const accounts = ['legal@example.com', 'brand@example.com', 'cfl@example.com', 'holder@example.com', 'admin@example.com'];
    for (let i = 0; i < max * 4; i++) {
      // Spread over accounts so that no single pair reaches its own limit.
      expect(await checkLogin(source, accounts[i % accounts.length]!, wrong(i))).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(await checkLogin(source, 'licensee@example.com', TEST_DEMO_PASSWORD)).toMatchObject({
      ok: false,
      reason: 'throttled',
    });
    expect((await checkLogin('10.0.4.2', 'licensee@example.com', TEST_DEMO_PASSWORD)).ok).toBe(true);
  });

  it('an office signing in all morning is never slowed: successes give their attempt back', async () => {
    const source = '10.0.5.1';
    for (let i = 0; i < max * 8; i++) expect((await checkLogin(source, 'studio@example.com', TEST_DEMO_PASSWORD)).ok).toBe(true);
    expect((await rowOf(`source:${source}`))?.failures ?? 0).toBe(0);
  });

  it('evaluates at most LOGIN_MAX_FAILURES parallel guesses from one source', async () => {
    const email = 'cfl-manager@example.com';
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => checkLogin('198.51.100.10', email, wrong(i))));
    const evaluated = results.filter((r) => !r.ok && r.reason === 'invalid').length;
    expect(evaluated).toBeLessThanOrEqual(max);
    expect(results.filter((r) => !r.ok && r.reason === 'throttled').length).toBeGreaterThanOrEqual(20 - max);
    // The owner elsewhere is not affected.
    expect((await checkLogin('10.0.6.1', email, TEST_DEMO_PASSWORD)).ok).toBe(true);
  });

  it("tells the account's owner by mail once per episode of failures, in their language", async () => {
    const email = 'legal-manager@example.com';
    const db = await getDb();
    const lang = (await db.select({ lang: users.lang }).from(users).where(eq(users.email, email)))[0]!.lang;
    expect(await mailsTo(email)).toHaveLength(0);
    // Failures from several sources count together for the owner's notice.
    for (let i = 0; i < max - 1; i++) await checkLogin(`198.51.100.${20 + i}`, email, wrong(i));
    expect(await mailsTo(email)).toHaveLength(0);
    await checkLogin('198.51.100.40', email, wrong(100));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.lang).toBe(lang);
    expect(mails[0]!.text).toContain('198.51.100.40');
    expect(mails[0]!.subject).toMatch(lang === 'jp' ? /サインイン/ : /sign-in/i);
    // More failures in the same episode: no second mail.
    for (let i = 0; i < max * 2; i++) await checkLogin(`198.51.100.${60 + i}`, email, wrong(i));
    expect(await mailsTo(email)).toHaveLength(1);
    // A successful sign-in ends the episode; a new run of failures is told again.
    expect((await checkLogin('10.0.7.1', email, TEST_DEMO_PASSWORD)).ok).toBe(true);
    for (let i = 0; i < max; i++) await checkLogin(`198.51.100.${100 + i}`, email, wrong(i));
    expect(await mailsTo(email)).toHaveLength(2);
    // Failures for an address without an account count against its sources but mail no one.
    for (let i = 0; i < max; i++) await checkLogin('198.51.100.200', 'ghost@example.com', wrong(i));
    expect(await mailsTo('ghost@example.com')).toHaveLength(0);
  });

  it('a suspended account cannot sign in with the right password', async () => {
    const db = await getDb();
    await db.update(users).set({ status: 1 }).where(eq(users.email, 'licensee-staff@example.com'));
    expect(await checkLogin('10.0.8.1', 'licensee-staff@example.com', TEST_DEMO_PASSWORD)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    await db.update(users).set({ status: 0 }).where(eq(users.email, 'licensee-staff@example.com'));
  });
});

describe('/api/sys/throttles: admins see and clear throttles', () => {
  it('lists the waiting source to admins only, and clearing it lets the source sign in at once', async () => {
    const list = await serveRoute(listRoute, '/api/sys/throttles');
    const clear = await serveRoute(clearRoute, '/api/sys/throttles/clear');
    // The first wait is 1 s: on a loaded machine it ran out before the list was read. The clock
    // stands still here, so the source is still waiting when the admin looks and when it is cleared.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const admin = { authorization: `Bearer ${await issueAccessToken(await subOf('admin@example.com'))}` };
      const designer = { authorization: `Bearer ${await issueAccessToken(await subOf('designer@example.com'))}` };
      const source = '198.51.100.77';
      const email = 'brand-manager@example.com';
      for (let i = 0; i < 5; i++) await checkLogin(source, email, wrong(i));
      expect(await checkLogin(source, email, TEST_DEMO_PASSWORD)).toMatchObject({ reason: 'throttled' });

      expect((await list.request<Envelope>('GET', '/api/sys/throttles', { headers: designer })).status).toBe(403);
      const seen = await list.request<Envelope<Throttle[]>>('GET', '/api/sys/throttles', { headers: admin });
      expect(seen.json.status).toBe(0);
      const row = seen.json.data.find((t) => t.kind === 'pair' && t.source === source && t.account === email);
      expect(row).toMatchObject({ failures: 5 });
      expect(row!.waitSeconds).toBeGreaterThan(0);
      const account = seen.json.data.find((t) => t.kind === 'account' && t.account === email);
      expect(account?.notifiedAt).toBeTruthy();

      const refused = await clear.request<Envelope>('POST', '/api/sys/throttles/clear', {
        headers: designer,
        body: { key: row!.key },
      });
      expect(refused.status).toBe(403);
      const cleared = await clear.request<Envelope>('POST', '/api/sys/throttles/clear', {
        headers: admin,
        body: { key: row!.key },
      });
      expect(cleared.json).toEqual({ status: 0, data: { key: row!.key } });
      expect(await checkLogin(source, email, TEST_DEMO_PASSWORD)).toEqual({ ok: true, sub: await subOf(email) });
      const logged = await (await getDb()).select().from(adminLog).where(like(adminLog.action, 'throttle.clear'));
      expect(logged.some((e) => (e.data as { account?: string }).account === email)).toBe(true);
      const again = await clear.request<Envelope>('POST', '/api/sys/throttles/clear', {
        headers: admin,
        body: { key: row!.key },
      });
      expect(again.status).toBe(404);
    } finally {
      vi.useRealTimers();
      await list.close();
      await clear.close();
    }
  });
});
