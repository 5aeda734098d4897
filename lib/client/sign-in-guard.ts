import { signIn } from 'next-auth/react';
import { signInAddress } from '../session/redirect';
import { AUTH_FAILED_PAGE, decideSignIn, parseAttempt, type SignInAttempt } from '../session/sign-in-guard';
import { navigate } from './navigate';
import { readStoredAddress, storeCurrentAddress } from './redirect-store';

/** Per tab: survives the trip through the provider and back, ends with the tab. */
const ATTEMPT_KEY = 'signInAttempt';

/** Set once this page has started a sign-in or gone to the failure page: later failures wait for that. */
let leaving = false;

export function lastSignInAttempt(): SignInAttempt | null {
  if (typeof window === 'undefined') return null;
  return parseAttempt(window.sessionStorage.getItem(ATTEMPT_KEY));
}

/**
 * A sign-in a person starts by hand (the failure page's button) for the stored return address:
 * it counts as this tab's attempt, so reaching the address uses it up, and a failure right after
 * ends on the failure page again instead of looping.
 */
export function recordSignInAttempt(now = Date.now()): void {
  if (typeof window === 'undefined') return;
  const attempt: SignInAttempt = { at: now, address: readStoredAddress() };
  window.sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
}

/** Signing out on purpose: the next sign-in is a new one, not a retry of a failed one. */
export function forgetSignInAttempt(): void {
  if (typeof window !== 'undefined') window.sessionStorage.removeItem(ATTEMPT_KEY);
}

/** For tests: a new page. */
export function resetSignInGuard(): void {
  leaving = false;
}

export type SignInRoute = 'provider' | 'sign-in-page';

/**
 * After an authentication failure: stores the address to return to, then starts one sign-in, or
 * (when one this tab started a moment ago did not help) opens the failure page. Parallel failures
 * of one page lead to a single action.
 */
export function signInOnce(route: SignInRoute, now = Date.now()): 'sign-in' | 'fail' | 'busy' {
  if (leaving) return 'busy';
  leaving = true;
  storeCurrentAddress();
  if (decideSignIn(lastSignInAttempt(), now) === 'fail') {
    // In the language of the page that failed.
    const lang = window.location.pathname.split('/')[1];
    navigate(lang === 'en' || lang === 'jp' ? `${AUTH_FAILED_PAGE}&lang=${lang}` : AUTH_FAILED_PAGE);
    return 'fail';
  }
  recordSignInAttempt(now);
  if (route === 'provider') void signIn('oidc', { callbackUrl: window.location.href });
  else navigate(signInAddress(window.location.href));
  return 'sign-in';
}
