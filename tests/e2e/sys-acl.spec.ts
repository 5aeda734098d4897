import type { Browser, Page } from '@playwright/test';
import { call, personaAt } from './api-setup';
import { expect, test, loginAtProvider, menuSections, personas } from './fixtures';

const ENTRY = 'calbee:licensee';
const PASSWORD = 'acl-journey-password-1';

async function subOfUser(admin: Page, email: string = personas.user): Promise<string> {
  const { body } = await call<{ items: { sub: string; email: string }[] }>(admin, 'POST', '/api/core/users/list', {
    q: email,
  });
  const hit = body?.data.items.find((u) => u.email === email);
  expect(hit, `${email} is listed`).toBeDefined();
  return hit!.sub;
}

/**
 * A plain user of this journey's own, made at the provider's sign-up form: the demo user@ may
 * already belong to an organisation another journey made, and this one needs someone who does not.
 */
async function newPlainUser(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/jp/profile');
  await page.waitForURL(/\/interaction\//);
  await page.getByTestId('signup-link').click();
  await page.getByTestId('signup-form').waitFor();
  await page.locator('#signup-name').fill('ACL Journey');
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-confirm').fill(PASSWORD);
  await page.getByTestId('signup-submit').click();
  const allow = page.getByTestId('consent-allow');
  await Promise.race([allow.waitFor().then(() => allow.click()), page.waitForURL(/\/jp\/profile$/)]);
  await page.waitForURL(/\/jp\/profile$/);
  return page;
}

test('admin grants a newly signed-up user calbee:licensee on sys/acl: the user gains the licensee section, the log lists it, then it is revoked', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `acl-${Date.now().toString(36)}@example.com`;
  // Before: a plain user, with no licensee section.
  const before = await newPlainUser(browser, email);
  expect(await menuSections(before)).not.toContain('section.licensee');

  const admin = await personaAt(browser, 'admin', '/jp/sys/acl');
  const userSub = await subOfUser(admin, email);
  try {
    await admin.getByTestId('acl-user-search').fill(email);
    // The new user is on the first page before the search too: act on the search's answer, not on
    // a row of the list it is replacing (a click there can land on the loading rows in between).
    await expect(admin.locator('[data-testid=acl-user-row]')).toHaveCount(1);
    await admin.locator(`[data-testid=acl-user-row][data-email="${email}"]`).getByTestId('acl-user-open').click();
    const panel = admin.locator(`[data-testid=acl-user-panel][data-email="${email}"]`);
    await expect(panel.locator('[data-testid=acl-entry][data-entry="calbee:user"]')).toBeVisible();

    // The entry builder checks its parts: a role inside an organisation needs the organisation.
    await panel.getByTestId('acl-grant-access').selectOption('designer');
    await panel.getByTestId('acl-grant-role').selectOption('staff');
    await panel.getByTestId('acl-grant-submit').click();
    await expect(panel.getByTestId('acl-grant-entity-error')).toHaveText('選択してください。');
    // Organisations are picked by name from a list; nobody types a key.
    await expect(panel.getByTestId('acl-grant-entity').locator('option').first()).toHaveText(
      /組織を選択|登録された組織がありません/,
    );

    // A personal role: calbee:licensee.
    await panel.getByTestId('acl-grant-access').selectOption('');
    await panel.getByTestId('acl-grant-role').selectOption('licensee');
    await expect(panel.getByTestId('acl-grant-preview')).toHaveText(ENTRY);
    await panel.getByTestId('acl-grant-submit').click();
    await expect(panel.locator(`[data-testid=acl-entry][data-entry="${ENTRY}"]`)).toBeVisible();

    // The admin log on the same page lists the grant, found by the person and the action.
    await admin.locator('#acl-tabs-tab-log').click();
    await admin.getByTestId('acl-log-ref').fill(email);
    await admin.getByTestId('acl-log-action').selectOption('acl.grant');
    await admin.getByTestId('acl-log-apply').click();
    // The log reads as a sentence: the entry by the role's name, not the raw entry (#17).
    const grantRow = admin
      .locator('[data-testid=acl-log-row][data-action="acl.grant"]')
      .filter({ hasText: '「ライセンシー」を付与しました。' });
    await expect(grantRow.first()).toBeVisible();
    await expect(grantRow.first().getByTestId('acl-log-person')).toContainText(email);
    await expect(grantRow.first()).toContainText('権限の付与');

    // After: the user's session is refreshed (window focus refetch) and a new sign-in shows the licensee section.
    await before.reload();
    await expect.poll(() => menuSections(before)).toContain('section.licensee');
    const after = await (await browser.newContext()).newPage();
    await after.goto('/jp/licensee/list');
    await loginAtProvider(after, email, PASSWORD);
    await after.waitForURL(/\/jp\/licensee\/list$/);
    expect(await menuSections(after)).toContain('section.licensee');
    await expect(after.getByTestId('permission-denied')).toHaveCount(0);

    // Revoke it again through the page, and the log lists that too.
    await admin.locator('#acl-tabs-tab-users').click();
    await panel.locator(`[data-testid=acl-entry][data-entry="${ENTRY}"]`).getByTestId('acl-entry-revoke').click();
    await admin.getByTestId('dialog-confirm').locator('.btn-primary').click();
    await expect(panel.locator(`[data-testid=acl-entry][data-entry="${ENTRY}"]`)).toHaveCount(0);
    await admin.locator('#acl-tabs-tab-log').click();
    await admin.getByTestId('acl-log-action').selectOption('acl.revoke');
    await admin.getByTestId('acl-log-apply').click();
    await expect(
      admin.locator('[data-testid=acl-log-row][data-action="acl.revoke"]').filter({ hasText: email }).first(),
    ).toContainText('ライセンシー');

    await after.reload();
    await expect.poll(() => menuSections(after)).not.toContain('section.licensee');
  } finally {
    // Whatever happened above, the entry goes.
    await call(admin, 'POST', '/api/core/users/acl/revoke', { sub: userSub, entry: ENTRY });
  }
});

test('a pending access request is approved from sys/acl (en)', async ({ browser }) => {
  test.setTimeout(240_000);
  const user = await personaAt(browser, 'user', '/en/profile');
  const admin = await personaAt(browser, 'admin', '/en/sys/acl');
  const userSub = await subOfUser(admin);
  // An entry no one holds yet, so the request is new on every run.
  const entry = `calbee:staff:designer:E2E${Date.now().toString(36)}`;
  try {
    const asked = await call<{ key: string }>(user, 'POST', '/api/core/users/acl/request', {
      entry,
      reason: `e2e ${Date.now()}`,
    });
    expect(asked.body?.status).toBe(0);
    await admin.reload();
    await admin.locator('#acl-tabs-tab-requests').click();
    const row = admin.locator(`[data-testid=acl-request-row][data-email="${personas.user}"][data-entry="${entry}"]`);
    await expect(row).toBeVisible();
    await row.getByTestId('acl-request-approve').click();
    await admin.getByTestId('dialog-confirm').getByRole('button', { name: 'Ok' }).click();
    await expect(row).toHaveCount(0);
    await admin.locator('#acl-tabs-tab-log').click();
    await admin.getByTestId('acl-log-action').selectOption('acl.request.approve');
    await admin.getByTestId('acl-log-apply').click();
    // Read as a sentence naming the person and the role (the entry's organisation does not exist).
    const logged = admin
      .locator('[data-testid=acl-log-row][data-action="acl.request.approve"]')
      .filter({ hasText: personas.user });
    await expect(logged.first()).toContainText('Access request approved');
    await expect(logged.first()).toContainText('Approved the request of');
    await expect(logged.first()).not.toContainText(entry);
  } finally {
    await call(admin, 'POST', '/api/core/users/acl/revoke', { sub: userSub, entry });
  }
});
