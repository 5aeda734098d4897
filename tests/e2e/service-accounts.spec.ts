import type { APIRequestContext, Page } from '@playwright/test';
import { personaAt } from './api-setup';
import { expect, test } from './fixtures';

/** The token endpoint as an integrator's system calls it (client credentials, HTTP Basic). */
async function tokenRequest(request: APIRequestContext, clientId: string, secret: string) {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64');
  return request.post('/api/oidc/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials' },
  });
}

async function bearerGet(request: APIRequestContext, path: string, token: string) {
  return request.get(path, { headers: { authorization: `Bearer ${token}`, 'x-lang': 'en' } });
}

/** Reads the client id and secret from the dialog that shows them once, then closes it. */
async function takeSecret(page: Page, screenshot?: string): Promise<{ clientId: string; secret: string }> {
  const dialog = page.getByTestId('dialog-info');
  await expect(dialog.getByTestId('svc-secret')).toBeVisible();
  const clientId = (await dialog.getByTestId('svc-secret-client-id').textContent())!.trim();
  const secret = (await dialog.getByTestId('svc-secret-value').textContent())!.trim();
  if (screenshot) await page.screenshot({ path: screenshot });
  await dialog.locator('.modal-footer button').click();
  await expect(page.getByTestId('svc-secret')).toHaveCount(0);
  // Closed means gone: nothing on the page holds the secret any more.
  expect(await page.content()).not.toContain(secret);
  return { clientId, secret };
}

async function confirm(page: Page) {
  const dialog = page.getByTestId('dialog-confirm');
  await expect(dialog).toBeVisible();
  await dialog.locator('.modal-footer .btn-primary').click();
}

test('an admin creates a service account (secret once), the test uses it by client credentials, then rotates and revokes it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `E2E連携 ${Date.now().toString(36)}`;
  const admin = await personaAt(browser, 'admin', '/jp/profile');
  await admin.getByTestId('menu-entry-sys.serviceAccounts').click();
  await expect(admin).toHaveURL(/\/jp\/sys\/service-accounts$/);
  await expect(admin.locator('h1')).toHaveText('サービスアカウント');

  // Nothing chosen: the form says what is missing, and nothing is created.
  await admin.getByTestId('svc-create-submit').click();
  await expect(admin.getByTestId('svc-access-error')).toBeVisible();

  // The access entry is built from the roles the platform knows: the licensee role.
  await admin.getByTestId('acl-grant-access').selectOption('');
  await admin.getByTestId('acl-grant-role').selectOption('licensee');
  await admin.getByTestId('acl-grant-submit').click();
  await expect(admin.locator('[data-testid=svc-access-list] [data-entry="calbee:licensee"]')).toContainText('ライセンシー');
  await admin.getByTestId('svc-name').fill(name);
  await admin.getByTestId('svc-create-submit').click();
  const first = await takeSecret(admin, 'test-results/service-accounts-secret-jp.png');
  expect(first.clientId).toMatch(/^svc-/);
  await expect(admin.getByTestId('svc-notice')).toContainText(`サービスアカウント「${name}」を作成しました`);
  const row = admin.locator(`[data-testid=svc-row][data-name="${name}"]`);
  await expect(row.getByTestId('svc-row-state')).toHaveText('有効');
  await admin.screenshot({ path: 'test-results/service-accounts-jp.png', fullPage: true });

  // The integrator's system: a token by client credentials, a call inside its access, one outside.
  const granted = await tokenRequest(request, first.clientId, first.secret);
  expect(granted.status()).toBe(200);
  const token = String(((await granted.json()) as { access_token: string }).access_token);
  expect((await bearerGet(request, '/api/v1/License?limit=5', token)).status()).toBe(200);
  expect((await bearerGet(request, '/api/sys/throttles', token)).status()).toBe(403);

  // Rotate: confirmed, the new secret shown once; the old secret and its token stop working.
  await row.getByTestId('svc-rotate').click();
  await confirm(admin);
  const second = await takeSecret(admin);
  expect(second.clientId).toBe(first.clientId);
  expect(second.secret).not.toBe(first.secret);
  expect((await tokenRequest(request, first.clientId, first.secret)).status()).toBe(401);
  expect((await bearerGet(request, '/api/v1/License?limit=5', token)).status()).toBe(401);
  const renewed = await tokenRequest(request, second.clientId, second.secret);
  expect(renewed.status()).toBe(200);
  const token2 = String(((await renewed.json()) as { access_token: string }).access_token);
  expect((await bearerGet(request, '/api/v1/License?limit=5', token2)).status()).toBe(200);

  // Revoke, behind a confirmation: its token is refused at once and it gets no new one.
  await row.getByTestId('svc-revoke').click();
  await confirm(admin);
  await expect(row.getByTestId('svc-row-state')).toHaveText('失効');
  await expect(row.getByTestId('svc-revoke')).toHaveCount(0);
  expect((await bearerGet(request, '/api/v1/License?limit=5', token2)).status()).toBe(401);
  expect((await tokenRequest(request, second.clientId, second.secret)).status()).toBe(401);

  // The admin log names the account for its calls, by name.
  await admin.goto('/jp/sys/acl');
  await admin.locator('#acl-tabs-tab-log').click();
  await admin.getByTestId('acl-log-action').selectOption('service.');
  await admin.getByTestId('acl-log-apply').click();
  await expect(
    admin
      .locator('[data-testid=acl-log-row][data-action="service.call"]')
      .filter({ hasText: `サービスアカウント「${name}」` })
      .first(),
  ).toBeVisible();

  // The same page in English: no Japanese outside the account's own name.
  await admin.goto('/en/sys/service-accounts');
  await expect(admin.locator('h1')).toHaveText('Service accounts');
  await expect(admin.locator(`[data-testid=svc-row][data-name="${name}"]`).getByTestId('svc-row-state')).toHaveText('Revoked');
  await admin.screenshot({ path: 'test-results/service-accounts-en.png', fullPage: true });
});

test('people who are not administrators are not shown the page', async ({ browser }) => {
  const holder = await personaAt(browser, 'holder', '/jp/profile');
  await expect(holder.getByTestId('menu-entry-sys.serviceAccounts')).toHaveCount(0);
});
