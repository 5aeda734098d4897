/**
 * Calls that carry one credential at the same moment verify it once (a remembered caller that ran
 * out under load made every call in flight read the account), each still answered in the
 * language it asked for; a failure reaches all of them; nothing is kept once they are answered.
 */
import type { IncomingMessage } from 'node:http';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const reads = vi.hoisted(() => ({ count: 0, status: 0, release: null as null | (() => void) }));

vi.mock('next-auth/jwt', () => ({ getToken: async () => ({ sub: 'person-1' }) }));
vi.mock('@/lib/server/db/client', () => ({ getDb: async () => ({}) }));
vi.mock('@/lib/server/users/accounts', () => ({
  callerRecord: async () => {
    reads.count += 1;
    await new Promise<void>((resolve) => {
      reads.release = resolve;
    });
    return { status: reads.status, lang: 'jp', access: ['calbee:ipl:brand'] };
  },
}));

import { resetConfigForTests } from '@/lib/config';
import { authenticate } from '@/lib/server/api/authenticate';

function request(lang?: 'en' | 'jp'): IncomingMessage {
  return {
    headers: { cookie: 'next-auth.session-token=abc', ...(lang ? { 'x-lang': lang } : {}) },
  } as unknown as IncomingMessage;
}

async function released<T>(calls: Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  await vi.waitFor(() => expect(reads.release).not.toBeNull());
  reads.release!();
  return Promise.allSettled(calls);
}

beforeEach(() => {
  // No remembered callers: only calls in flight together may share a verification.
  process.env.AUTH_CACHE_MS = '0';
  process.env.NEXTAUTH_SECRET = 'test-secret';
  resetConfigForTests();
  Object.assign(reads, { count: 0, status: 0, release: null });
});

describe('verifying one credential for many calls at once', () => {
  it('reads the account once for calls in flight together, each in its own language', async () => {
    const calls = Array.from({ length: 50 }, (_, i) => authenticate(request(i % 2 ? 'en' : undefined)));
    const answers = await released(calls);
    expect(reads.count).toBe(1);
    expect(answers.every((a) => a.status === 'fulfilled')).toBe(true);
    const langs = answers.map((a) => (a as PromiseFulfilledResult<{ lang: string }>).value.lang);
    expect(langs.slice(0, 4)).toEqual(['jp', 'en', 'jp', 'en']);
    expect((answers[0] as PromiseFulfilledResult<{ sub: string }>).value.sub).toBe('person-1');

    // Answered: the next call verifies again (nothing remembered with AUTH_CACHE_MS=0).
    reads.release = null;
    await released([authenticate(request())]);
    expect(reads.count).toBe(2);
  });

  it('refuses every call in flight when the account is disabled', async () => {
    reads.status = 1;
    const answers = await released(Array.from({ length: 5 }, () => authenticate(request())));
    expect(reads.count).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill('rejected'));
  });
});
