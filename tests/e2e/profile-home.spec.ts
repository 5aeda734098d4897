import type { Page } from '@playwright/test';
import { api, personaAt, ownDesignerKey } from './api-setup';
import { expect, test, personas } from './fixtures';

async function badges(page: Page): Promise<string[]> {
  const list = page.getByTestId('profile-badges');
  await expect(list).toHaveAttribute('data-ready', 'true');
  return list.getByTestId('profile-badge').evaluateAll((els) => els.map((el) => el.getAttribute('data-badge') ?? ''));
}

test('profile shows the badges of designer@ and licensee@; the wallet address is validated and saved', async ({ browser }) => {
  test.setTimeout(240_000);
  const designer = await personaAt(browser, 'designer', '/jp/profile');
  // The e2e server sets no ANALYTICS_ID: no analytics tag on the page.
  await expect(designer.locator('script[data-domain], script#analytics')).toHaveCount(0);
  const designerBadges = await badges(designer);
  expect(designerBadges).toContain('personalDesigner');
  expect(designerBadges).not.toContain('corporateDesigner');
  expect(designerBadges).not.toContain('licensee');
  expect(designerBadges).not.toContain('productAdmin');
  await expect(designer.locator('[data-testid=profile-badge][data-badge=personalDesigner]')).toHaveText('個人デザイナー');
  await expect(designer.getByTestId('profile-email')).toHaveText(personas.designer);

  // A wrong address is refused under its field; a right one is saved and read back.
  await designer.getByTestId('profile-wallet').fill('0x1234');
  await designer.getByTestId('profile-submit').click();
  await expect(designer.getByTestId('profile-wallet-error')).toHaveText('0x に続く 16 進数 40 桁のアドレスを入力してください。');
  const wallet = `0x${Date.now().toString(16).padStart(40, 'a').slice(-40)}`;
  await designer.getByTestId('profile-wallet').fill(wallet);
  await designer.getByTestId('profile-submit').click();
  await expect(designer.getByTestId('profile-saved')).toHaveText('保存しました。');
  await designer.reload();
  await expect(designer.getByTestId('profile-wallet')).toHaveValue(wallet);
  // The server checks it too.
  const refused = await designer.request.post('/api/core/users/profile/update', { data: { wallet: 'not-an-address' } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { status: number }).status).toBe(5);

  const licensee = await personaAt(browser, 'licenseeOwner', '/jp/profile');
  const licenseeBadges = await badges(licensee);
  expect(licenseeBadges).toContain('licensee');
  expect(licenseeBadges).not.toContain('personalDesigner');
  expect(licenseeBadges).not.toContain('holder');
  await expect(licensee.locator('[data-testid=profile-badge][data-badge=licensee]')).toHaveText('ライセンシー');

  // In English: the language setting stores the language and opens the same page under /en.
  await licensee.getByTestId('profile-lang').selectOption('en');
  await licensee.getByTestId('profile-submit').click();
  await expect(licensee).toHaveURL(/\/en\/profile$/);
  await expect(licensee.locator('[data-testid=profile-badge][data-badge=licensee]')).toHaveText('Licensee');
  await expect(licensee.getByTestId('profile').getByRole('heading', { level: 1 })).toHaveText('Profile');
  // Back to Japanese, as the other journeys expect of this account.
  await licensee.getByTestId('profile-lang').selectOption('jp');
  await licensee.getByTestId('profile-submit').click();
  await expect(licensee).toHaveURL(/\/jp\/profile$/);
});

test('home shows brand@ a pending usage review after a designer asks for a permit; admin finds the designer on designer/list', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const holder = await personaAt(browser, 'holder', '/jp/holder/ip');
  // The home page is public, so sign in on a protected page first.
  const designer = await personaAt(browser, 'designer', '/jp/profile');
  const brand = await personaAt(browser, 'brand', '/jp/holder/approve/ip');

  await brand.goto('/jp/');
  const reviews = brand.getByTestId('home-section-reviews');
  await expect(reviews).toBeVisible();
  const before = Number(await reviews.getAttribute('data-count'));

  // A published primary IP, the designer's record, and a permit request.
  const ip = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', { name: `Home primary ${stamp}`, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${ip.key}/publish`);
  const designerKey = await ownDesignerKey(designer);
  await api(designer, 'POST', '/api/v1/Usage', { ip: ip.key, designer: designerKey, purpose: `Home permit ${stamp}` });

  await brand.reload();
  await expect(brand.getByTestId('home-section-reviews')).toHaveAttribute('data-count', String(before + 1));
  await expect(brand.getByTestId('home-waiting')).not.toHaveAttribute('data-total', '0');
  await expect(brand.getByTestId('home-section-reviews')).toContainText('審査待ち');

  // The designer who asked waits on brand: nothing of theirs to review.
  await designer.goto('/jp/');
  await expect(designer.getByTestId('home-section-reviews')).toHaveAttribute('data-count', '0');

  // Data maintenance: the admin finds this designer and opens its view page.
  const admin = await personaAt(browser, 'admin', '/jp/designer/list');
  await admin.getByTestId('designer-list-search').fill(personas.designer);
  const row = admin.locator(`[data-testid=designer-list-row][data-key="${designerKey}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('個人');
  await row.getByTestId('designer-list-open').click();
  await expect(admin).toHaveURL(new RegExp(`/jp/designer/${designerKey}$`));
});
