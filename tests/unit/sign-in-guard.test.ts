import { describe, expect, it } from 'vitest';
import {
  AUTH_FAILED_PAGE,
  decideSignIn,
  parseAttempt,
  SIGN_IN_RETRY_WINDOW_MS,
  storedAddressUsed,
} from '@/lib/session/sign-in-guard';

describe('SPEC §4/§8 authentication failures: one sign-in, then the failure page', () => {
  const now = 1_800_000_000_000;

  it('the first failure signs in', () => {
    expect(decideSignIn(null, now)).toBe('sign-in');
  });

  it('a failure soon after a sign-in this tab started ends on the failure page', () => {
    expect(decideSignIn({ at: now - 1000, address: null }, now)).toBe('fail');
    expect(decideSignIn({ at: now - SIGN_IN_RETRY_WINDOW_MS + 1, address: null }, now)).toBe('fail');
  });

  it('a sign-in long ago (the session simply expired since) may be retried', () => {
    expect(decideSignIn({ at: now - SIGN_IN_RETRY_WINDOW_MS, address: null }, now)).toBe('sign-in');
  });

  it('a record from the future (clock moved back) does not block forever', () => {
    expect(decideSignIn({ at: now + 60_000, address: null }, now)).toBe('sign-in');
  });

  it('a broken record counts as none', () => {
    for (const raw of [null, '', 'x', '{"at":"soon"}', '{"at":null}', '[]']) expect(parseAttempt(raw)).toBeNull();
    expect(parseAttempt('{"at":5,"address":"%2Fjp%2Fx"}')).toEqual({ at: 5, address: '%2Fjp%2Fx' });
  });

  it('the failure page is the error page with its own code', () => {
    expect(AUTH_FAILED_PAGE).toBe('/error?error=AuthFailed');
  });
});

describe('SPEC §4 the stored return address survives until it is used', () => {
  const stored = encodeURIComponent('/jp/holder/ip?page=2');

  it('is used when the user stands on it after the sign-in it was stored for', () => {
    expect(storedAddressUsed(stored, stored, { at: 1, address: stored })).toBe(true);
  });

  it('is kept when no sign-in was started for it (a core API 401 stored it)', () => {
    expect(storedAddressUsed(stored, stored, null)).toBe(false);
    expect(storedAddressUsed(stored, stored, { at: 1, address: encodeURIComponent('/jp/other') })).toBe(false);
  });

  it('is kept while the user is elsewhere', () => {
    expect(storedAddressUsed(stored, encodeURIComponent('/jp/elsewhere'), { at: 1, address: stored })).toBe(false);
    expect(storedAddressUsed(null, stored, { at: 1, address: stored })).toBe(false);
  });
});
