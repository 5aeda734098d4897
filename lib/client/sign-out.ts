import { signOut } from 'next-auth/react';
import { forgetSignInAttempt } from './sign-in-guard';

/**
 * Ends the platform session, then the provider's: its session end with a post-logout redirect
 * to the site origin, the id token hint and a state (SPEC §4 "Sign-out").
 */
let signingOut = false;

/** While the browser is on its way to the provider, pages must not start a new sign-in. */
export function isSigningOut(): boolean {
  return signingOut;
}

export async function signOutEverywhere(endSessionUrl: string, idTokenHint: string): Promise<void> {
  signingOut = true;
  // Signed out on purpose: the next sign-in is a new one, not a retry of a failed one.
  forgetSignInAttempt();
  await signOut({ redirect: false });
  const state = crypto.randomUUID();
  window.sessionStorage.setItem('logoutState', state);
  const url = new URL(endSessionUrl);
  url.searchParams.set('post_logout_redirect_uri', window.location.origin);
  if (idTokenHint) url.searchParams.set('id_token_hint', idTokenHint);
  url.searchParams.set('state', state);
  window.location.assign(url.toString());
}
