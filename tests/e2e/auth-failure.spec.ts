import type { Page, Route } from '@playwright/test';
import { expect, test, allowConsoleErrors, loginAtProvider, personas, signInAt } from './fixtures';

/**
 * SPEC §4/§8 authentication failures: a 401 from the product API starts sign-in once; if the API
 * still refuses right after, the page ends on one clear failure page, never in a loop. A 401 from
 * the core API alerts and keeps the address to return to until it is used.
 */

/** Answers every product API call with 401, as a server that refuses every token would. */
async function refuseProductApi(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/') && !/^\/api\/(auth|oidc|interaction|core)\b/.test(url.pathname),
    (route: Route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"status":8,"data":"invalid session"}' }),
  );
}

test.describe('SPEC §8 401 from the product API', () => {
  test('every product API call answers 401: at most one sign-in attempt, then the failure page', async ({ page }, testInfo) => {
    allowConsoleErrors(testInfo, /Failed to load resource/);
    await signInAt(page, 'licenseeOwner', '/jp/licensee/list');
    const signIns: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      // next-auth's sign-in call and the provider's authorization endpoint: one of each per attempt.
      if (path === '/api/auth/signin/oidc' || /\/api\/oidc\/auth$/.test(path)) signIns.push(path);
    });
    // As if this tab had signed in long ago: the next failure may sign in once. The mark is cleared
    // on a page of the same origin that runs none of the app, so no refetch of the list can meet
    // the refusal first and set the mark again between the clearing and the load under test.
    await page.goto('/api/core/server/status');
    await page.evaluate(() => sessionStorage.removeItem('signInAttempt'));
    await refuseProductApi(page);
    await page.goto('/jp/licensee/list');

    await page.waitForURL(/\/error\?error=AuthFailed&lang=(jp|en)$/, { timeout: 30_000 });
    const failure = page.getByTestId('auth-error');
    await expect(failure).toHaveAttribute('data-error', 'AuthFailed');
    await expect(failure).toContainText('サインインし直しましたが');
    await expect(page.getByTestId('auth-error-retry')).toHaveText('もう一度サインインする');
    // It stays there: no sign-in starts by itself.
    await page.waitForTimeout(5000);
    await expect(page).toHaveURL(/\/error\?error=AuthFailed&lang=jp$/);
    expect(signIns.filter((p) => p === '/api/auth/signin/oidc')).toHaveLength(1);
    expect(signIns.filter((p) => p !== '/api/auth/signin/oidc').length).toBeLessThanOrEqual(1);

    // The API answers again: signing in again by hand returns to the page that failed.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByTestId('auth-error-retry').click();
    await page.waitForURL(/\/jp\/licensee\/list$/);
    await expect(page.getByTestId('menu-entry-licensee.list')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterSignIn'))).toBeNull();
  });

  test('an expired session comes back once; a sign-in that does not help ends on the failure page (en)', async ({
    page,
  }, testInfo) => {
    allowConsoleErrors(testInfo, /Failed to load resource/);
    await page.goto('/en/profile');
    await loginAtProvider(page, personas.user);
    await page.waitForURL(/\/en\/profile$/);
    // The session keeps being no longer valid: in the session endpoint's answer and in the one the
    // page brings from the server for its first render (the same callback builds both).
    const session = (await (await page.request.get('/api/auth/session')).json()) as Record<string, unknown>;
    await page.route('**/api/auth/session', (route) => route.fulfill({ json: { ...session, valid: false } }));
    await page.route(
      (url) => url.pathname === '/en/profile' || url.pathname.startsWith('/_next/data/'),
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replaceAll('"valid":true', '"valid":false') });
      },
    );
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.reload();
    await page.waitForURL(/\/error\?error=AuthFailed&lang=(jp|en)$/, { timeout: 30_000 });
    await expect(page.getByTestId('auth-error')).toContainText('did not accept your sign-in');
    // SPEC §4: an expired session logs 'LIKELY session expired' and signs in again, once.
    expect(logged.filter((text) => text === 'LIKELY session expired').length).toBeGreaterThanOrEqual(1);
  });
});

test.describe('SPEC §8 401 from the core API', () => {
  test('alerts once, keeps the stored address until a sign-in uses it', async ({ page }, testInfo) => {
    allowConsoleErrors(testInfo, /Failed to load resource/);
    await signInAt(page, 'user', '/jp/profile');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    // Off the app first: a refetch of the page already open would meet the 401 too and raise the
    // alert of that page, before the one of the page under test.
    await page.goto('about:blank');
    await page.route('**/api/core/users/**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"status":7,"data":"invalid session"}' }),
    );
    await page.goto('/jp/profile');
    await expect.poll(() => alerts).toEqual(['Core API authentication failed.']);
    await page.waitForTimeout(1500);
    expect(alerts).toHaveLength(1);
    // Still there after the page settled: nothing removed it at once.
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterSignIn'))).toBe(encodeURIComponent('/jp/profile'));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // Used on the root after sign-in: restored and removed.
    await page.goto('/jp');
    await page.waitForURL(/\/jp\/profile$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('redirectAfterSignIn'))).toBeNull();
  });
});
