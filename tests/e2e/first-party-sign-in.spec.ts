/**
 * First-party sign-in (issue #19): the platform's own client signs a person in without a consent
 * page; another client of the embedded provider (OIDC_OTHER_CLIENTS, set by playwright.config.ts)
 * still asks for consent, and is sent back with a code once the person allows it.
 */
import { baseURL, otherClientId } from '../../playwright.config';
import { expect, personas, test } from './fixtures';
import { demoPassword } from '../../playwright.config';

test('the platform’s own client signs in without consent; another client asks for it', async ({ page }) => {
  await page.goto('/jp/profile');
  await page.waitForURL(/\/interaction\//);
  await page.locator('#email').fill(personas.user);
  await page.locator('#password').fill(demoPassword);
  await page.getByTestId('login-submit').click();
  // Straight back to the page: a consent page would stop here until someone clicks it.
  await expect(page).toHaveURL(/\/jp\/profile$/);
  await expect(page.getByTestId('consent-allow')).toHaveCount(0);

  // The same provider session, now for another relying party: the consent page names it.
  const query = new URLSearchParams({
    client_id: otherClientId,
    redirect_uri: `${baseURL}/partner-callback`,
    response_type: 'code',
    scope: 'openid profile',
    state: 'partner-state',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  await page.goto(`/api/oidc/auth?${query.toString()}`);
  await expect(page.getByTestId('consent-allow')).toBeVisible();
  await expect(page.getByTestId('consent-scopes')).toBeVisible();
  await Promise.all([page.waitForURL(/\/partner-callback\?/), page.getByTestId('consent-allow').click()]);
  const back = new URL(page.url());
  expect(back.searchParams.get('code')).toBeTruthy();
  expect(back.searchParams.get('state')).toBe('partner-state');
});
