import type { Page } from '@playwright/test';
import { personaAt } from './api-setup';
import { expect, test } from './fixtures';

/** Submits the provider's login form with these credentials; answers the error shown, if any. */
async function tryLogin(page: Page, email: string, password: string): Promise<string | null> {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-form').waitFor();
  const error = page.getByTestId('idp-error');
  return (await error.count()) ? await error.getAttribute('data-error') : null;
}

test('failed sign-ins slow their source; an admin sees the throttle in the System menu and clears it', async ({
  page,
  browser,
}) => {
  // Ten sign-ins, the later ones waiting 1 s, 2 s, 4 s … by design, then two admin pages: more than
  // a minute on a busy machine.
  test.setTimeout(180_000);
  // Someone guesses passwords for an address (nobody's account: no real person is held up by this test).
  const target = `guess-${Date.now()}@example.com`;
  await page.goto('/jp/profile');
  await page.waitForURL(/\/interaction\//);
  for (let i = 0; i < 5; i++) expect(await tryLogin(page, target, `wrong-${i}`)).toBe('invalid');
  // Further attempts from the same place wait 1 s, 2 s, 4 s …: one of the next few is told to wait
  // (on a slow machine an attempt may itself outlast the first, one-second wait), and says so and
  // for how long, in Japanese.
  const answers: (string | null)[] = [];
  for (let i = 5; i < 10 && !answers.includes('throttled'); i++) answers.push(await tryLogin(page, target, `wrong-${i}`));
  expect(answers).toContain('throttled');
  await expect(page.getByTestId('idp-error')).toContainText(/\d+秒待ってから/);
  await expect(page.getByTestId('idp-error')).toContainText('ほかの端末やネットワークからのサインインには影響しません');

  const admin = await personaAt(browser, 'admin', '/jp/profile');
  await admin.getByTestId('menu-entry-sys.throttles').click();
  await expect(admin).toHaveURL(/\/jp\/sys\/throttles$/);
  await expect(admin.locator('h1')).toHaveText('サインイン制限');
  const row = admin.locator(`[data-testid=throttle-row][data-kind=pair][data-account="${target}"]`);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('接続元ごとのアカウント');
  // Its failures are counted (the wait itself, a few seconds, may be over by the time the page shows).
  expect(Number(await row.locator('td').nth(3).innerText())).toBeGreaterThanOrEqual(5);
  await admin.screenshot({ path: 'test-results/sys-throttles.png', fullPage: true });
  await row.getByTestId('throttle-clear').click();
  await expect(admin.getByTestId('throttles-notice')).toHaveText('制限を解除しました。この接続元からすぐにサインインできます。');
  await expect(row).toHaveCount(0);

  // Cleared: the next attempt from that place is checked at once again (and is simply wrong).
  expect(await tryLogin(page, target, 'wrong-6')).toBe('invalid');

  // The same page in English, for an English-speaking administrator.
  await admin.goto('/en/sys/throttles');
  await expect(admin.locator('h1')).toHaveText('Sign-in throttles');
  await expect(admin.getByTestId('throttles-table')).toContainText('Failures');
  // Leave no count behind for the other journeys signing in from this address.
  // One at a time: each clear removes its row, so the buttons found before it shift up.
  const clears = admin.getByTestId('throttle-clear');
  for (let left = await clears.count(); left > 0; left = await clears.count()) {
    await clears.first().click();
    await expect(clears).toHaveCount(left - 1);
  }
  await admin.context().close();
});

test('the throttles page is for administrators only', async ({ browser }) => {
  const holder = await personaAt(browser, 'holder', '/jp/profile');
  await expect(holder.getByTestId('menu-entry-sys.throttles')).toHaveCount(0);
  await holder.goto('/jp/sys/throttles');
  await expect(holder.getByTestId('sys-throttles')).toHaveCount(0);
  await holder.context().close();
});
