/**
 * At most one automatic sign-in per authentication failure (SPEC §4/§8, issue #22): when a
 * sign-in this tab started a moment ago did not help (the product API still answers 401, the
 * session comes back invalid or missing), starting another one would only loop through the
 * provider. The second failure ends on the failure page instead, which says what happened and
 * offers to sign in again by hand.
 */

/** How long a started sign-in counts as "just tried" (ms). */
export const SIGN_IN_RETRY_WINDOW_MS = 5 * 60 * 1000;

/** The failure page: next-auth's error page with our own code. */
export const AUTH_FAILED_ERROR = 'AuthFailed';
export const AUTH_FAILED_PAGE = `/error?error=${AUTH_FAILED_ERROR}`;

export interface SignInAttempt {
  /** When the sign-in started (epoch ms). */
  at: number;
  /** The stored return address it was started for (encoded), if any. */
  address: string | null;
}

export function parseAttempt(raw: string | null): SignInAttempt | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SignInAttempt>;
    if (typeof value.at !== 'number' || !Number.isFinite(value.at)) return null;
    return { at: value.at, address: typeof value.address === 'string' ? value.address : null };
  } catch {
    return null;
  }
}

/** Another automatic sign-in, or the failure page? */
export function decideSignIn(last: SignInAttempt | null, now: number): 'sign-in' | 'fail' {
  if (last && now >= last.at && now - last.at < SIGN_IN_RETRY_WINDOW_MS) return 'fail';
  return 'sign-in';
}

/**
 * A stored return address has been used once the user stands on it after the sign-in it was
 * stored for (or it was restored on the root): only then is it removed. An address stored for a
 * failure that started no sign-in (a 401 from the core API) stays until a sign-in uses it.
 */
export function storedAddressUsed(stored: string | null, current: string | null, attempt: SignInAttempt | null): boolean {
  return stored !== null && current !== null && stored === current && attempt?.address === stored;
}
