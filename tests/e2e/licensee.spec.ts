import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, signInAt, type Persona } from './fixtures';
import { signAndCountersign, ownDesignerKey } from './api-setup';

interface Envelope<T = Record<string, unknown>> {
  status: number;
  data: T;
}

const SHOTS = process.env.LICENSEE_SHOTS;

/** Screenshots for looking at the pages by eye, only when LICENSEE_SHOTS names a directory. */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function personaAt(browser: Browser, persona: Persona, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, persona, path);
  return page;
}

/** Setup through the API with the signed-in session cookie of the page's context. */
async function api<T = Record<string, unknown>>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, data: data ?? {}, headers: { 'content-type': 'application/json' } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.status, `${method} ${url}: ${JSON.stringify(body.data)}`).toBe(0);
  return body.data;
}

async function png(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 320, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/**
 * A published primary IP with a public image, whose designer is designer@example.com (so its
 * products go to that designer's review first). Answers the IP's key and the designer's page.
 */
async function licensableIp(browser: Browser, name: string) {
  const designer = await personaAt(browser, 'designer', '/jp/designer/profile');
  const designerKey = await ownDesignerKey(designer);
  const holder = await personaAt(browser, 'holder', '/jp/holder/ip');
  const image = await api<{ hash: string }>(holder, 'POST', '/api/core/public/save', {
    name: 'character.png',
    data: `data:image/png;base64,${(await png(250, 200, 60)).toString('base64')}`,
  });
  const ip = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', {
    name,
    kind: 'primary',
    designer: designerKey,
    description: 'The crunchy mascot.',
    categories: ['snacks'],
    images: [{ hash: image.hash, name: 'character.png', mime: 'image/png' }],
  });
  await api(holder, 'POST', `/api/v1/IP/${ip.key}/publish`);
  return { ipKey: ip.key, designer, holder };
}

/** The designer decides the pending designer review of a product (through the API). */
async function designerApproves(designer: Page, productKey: string) {
  const history = await api<{ reviews: { key: string; group: string; state: string }[] }>(
    designer,
    'GET',
    `/api/v1/Product/${productKey}/history`,
  );
  const pending = history.reviews.find((r) => r.group === 'designer' && r.state === 'pending');
  expect(pending, 'the product waits for its designer').toBeTruthy();
  await api(designer, 'PATCH', `/api/v1/Review/${pending!.key}/approved`, { comment: 'Looks great' });
}

/** send_contract (holder), then the licensee's e-signature and the holder's: approved → active. */
async function activate(holder: Page, owner: Page, licenseKey: string) {
  await api(holder, 'POST', `/api/v1/License/${licenseKey}/send_contract`);
  expect(await signAndCountersign(owner.request, holder.request, licenseKey)).toBe('active');
}

test('the owner applies from the gallery, the license is approved and activated, a product is approved', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const ipName = `Crunchy ${stamp}`;
  const { ipKey, designer, holder } = await licensableIp(browser, ipName);
  const tag = await api<{ key: string }>(holder, 'POST', '/api/v1/Tag', {
    name_jp: `冬季限定 ${stamp}`,
    name_en: `Winter only ${stamp}`,
    color: '#3366cc',
  });
  await api(holder, 'POST', `/api/tag/assign/${tag.key}`, { entity: 'IP', key: ipKey });

  // The owner finds the IP in licensee/gallery by its tag, shown in the page language, then applies.
  const owner = await personaAt(browser, 'licenseeOwner', '/jp/licensee/gallery');
  await owner.getByTestId('gallery-tag').selectOption({ label: `冬季限定 ${stamp}` });
  await expect(owner.getByTestId('gallery-card')).toHaveCount(1);
  const card = owner.locator(`[data-testid=gallery-card][data-ip="${ipKey}"]`);
  await expect(card.getByTestId('gallery-card-tag')).toHaveText(`冬季限定 ${stamp}`);
  await owner.getByTestId('gallery-search').fill(stamp);
  await expect(card.getByTestId('gallery-card-name')).toHaveText(ipName);
  await expect(card.getByTestId('ip-picture')).toBeVisible();
  await shot(owner, 'gallery-jp');
  await card.getByTestId('gallery-open').click();
  const form = owner.getByTestId('license-form');
  // Nothing filled: the schema's messages and ours show under their fields.
  await form.getByTestId('license-term-start').fill('2027-03-01');
  await form.getByTestId('license-term-end').fill('2027-01-01');
  await form.getByTestId('license-submit').click();
  await expect(form.getByTestId('license-territory-error')).toBeVisible();
  await expect(form.getByTestId('license-term-end-error')).toHaveText('終了日は開始日より後にしてください。');
  await shot(owner, 'apply-errors-jp');
  await form.getByTestId('license-territory-JP').check();
  await form.getByTestId('license-territory-TW').check();
  await form.getByTestId('license-channels').fill('店舗, オンライン');
  await form.getByTestId('license-categories').fill('スナック');
  await form.getByTestId('license-term-start').fill('2026-01-01');
  await form.getByTestId('license-term-end').fill('2027-12-31');
  await form.getByTestId('license-rate').fill('12.5');
  await form.getByTestId('license-minimum').fill('1000000');
  await form.getByTestId('license-advance').fill('200000');
  await form.getByTestId('license-notes').fill('店舗限定パッケージを予定しています。');
  await form.getByTestId('license-submit').click();
  await expect(owner.getByTestId('gallery-applied')).toContainText(ipName);

  await owner.goto('/jp/licensee/list');
  const row = owner.getByTestId('license-row').filter({ hasText: ipName });
  await expect(row.getByTestId('license-state')).toHaveText('審査中');
  await expect(row).toContainText('12.5%');
  await expect(row).toContainText('￥1,000,000');
  await expect(row.getByTestId('license-contract-none')).toHaveText('未発行');
  const licenseKey = (await row.getAttribute('data-key'))!;
  const license = await api<{ royalty_rate_bp: number; minimum_guarantee: number; designer: string }>(
    owner,
    'GET',
    `/api/v1/License/${licenseKey}`,
  );
  expect(license.royalty_rate_bp).toBe(1250);
  expect(license.minimum_guarantee).toBe(1000000);
  await shot(owner, 'list-jp');

  // Legal, cfl and boss approve it on holder/approve/license.
  for (const persona of ['legal', 'cfl', 'boss'] as const) {
    const reviewer = await personaAt(browser, persona, '/jp/holder/approve/license');
    await reviewer.getByTestId('queue-item').filter({ hasText: ipName }).click();
    await reviewer.getByTestId('decide-approved').click();
    await expect(reviewer.getByTestId('decision-success')).toBeVisible();
    await reviewer.context().close();
  }
  await owner.reload();
  await expect(owner.getByTestId('license-row').filter({ hasText: ipName }).getByTestId('license-state')).toHaveText('承認済み');
  await activate(holder, owner, licenseKey);

  // The detail shows the review history.
  await owner.reload();
  await owner.getByTestId('license-row').filter({ hasText: ipName }).getByTestId('license-ip').click();
  await expect(owner.getByTestId('license-detail-state')).toHaveText('有効');
  await expect(owner.getByTestId('review-item')).toHaveCount(3);
  await shot(owner, 'license-detail-jp');
  await owner.keyboard.press('Escape');

  // The owner registers a product with an image and submits it.
  const productName = `Crunchy chips ${stamp}`;
  await owner.goto('/jp/licensee/product');
  await expect(owner.getByTestId('products-sales-note')).toHaveText('売上報告に記載できるのは承認済みの商品だけです。');
  await owner.getByTestId('product-new').click();
  await owner.getByTestId('product-license').selectOption(licenseKey);
  await owner.getByTestId('product-save').click();
  await expect(owner.getByTestId('product-name-error')).toBeVisible();
  await owner.getByTestId('product-name').fill(productName);
  await owner.getByTestId('product-sku').fill(`CC-${stamp}`);
  await owner.getByTestId('product-category').fill('スナック');
  await owner.getByTestId('product-price').fill('298');
  await owner.getByTestId('product-launch').fill('2026-06-01');
  await owner
    .getByTestId('ip-images-input')
    .setInputFiles({ name: 'pack.png', mimeType: 'image/png', buffer: await png(60, 140, 220) });
  await expect(owner.getByTestId('ip-image')).toHaveCount(1);
  await shot(owner, 'product-form-jp');
  await owner.getByTestId('product-save').click();
  const detail = owner.getByTestId('product-detail');
  await expect(detail.getByTestId('product-detail-state')).toHaveText('下書き');
  await detail.getByTestId('product-step-submit').click();
  await owner.getByTestId('dialog-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(detail.getByTestId('product-detail-state')).toHaveText('デザイナー確認中');
  await owner.keyboard.press('Escape');
  const productRow = owner.getByTestId('product-row').filter({ hasText: productName });
  await expect(productRow.getByTestId('product-state')).toHaveText('デザイナー確認中');
  const productKey = (await productRow.getAttribute('data-key'))!;

  // The IP's designer approves (API), then brand on holder/approve/product.
  await designerApproves(designer, productKey);
  const brand = await personaAt(browser, 'brand', '/jp/holder/approve/product');
  await brand.getByTestId('queue-item').filter({ hasText: productName }).click();
  await brand.getByTestId('decide-approved').click();
  await expect(brand.getByTestId('decision-success')).toBeVisible();

  await owner.reload();
  const approved = owner.getByTestId('product-row').filter({ hasText: productName });
  await expect(approved.getByTestId('product-state')).toHaveText('承認済み');
  await expect(approved.getByTestId('product-sellable')).toBeVisible();
  await shot(owner, 'products-jp');

  // The same pages in English.
  await owner.goto('/en/licensee/product');
  await expect(owner.getByTestId('product-row').filter({ hasText: productName }).getByTestId('product-state')).toHaveText(
    'Approved',
  );
  await owner.getByTestId('product-row').filter({ hasText: productName }).click();
  await expect(owner.getByTestId('product-approved-note')).toContainText('may now be named in royalty reports');
  await expect(owner.getByTestId('review-item')).toHaveCount(2);
  await shot(owner, 'product-detail-en');
  await owner.goto('/en/licensee/list');
  await expect(owner.getByTestId('license-row').filter({ hasText: ipName }).getByTestId('license-state')).toHaveText('Active');
  await shot(owner, 'list-en');
  await owner.goto('/en/licensee/gallery');
  await shot(owner, 'gallery-en');
  await owner.getByTestId('gallery-open').first().click();
  await shot(owner, 'apply-en');
});

test("the organisation's staff sees its licenses and products; another organisation's staff sees none", async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const ipName = `Salty ${stamp}`;
  const productName = `Salty bites ${stamp}`;
  const { ipKey, holder } = await licensableIp(browser, ipName);
  const owner = await personaAt(browser, 'licenseeOwner', '/jp/licensee/list');
  const orgs = await api<{ items: { key: string }[] }>(owner, 'POST', '/api/v1/Licensee/query', { limit: 10 });
  const orgA = orgs.items[0]!.key;
  const license = await api<{ key: string }>(owner, 'POST', '/api/v1/License', {
    ip: ipKey,
    licensee: orgA,
    territory: ['JP'],
    term_start: '2026-01-01',
    term_end: '2026-12-31',
    royalty_rate_bp: 1000,
  });
  await api(owner, 'POST', `/api/v1/License/${license.key}/start_review`);
  for (const persona of ['legal', 'cfl', 'boss'] as const) {
    const reviewer = await personaAt(browser, persona, '/jp/holder/approve/license');
    await api(reviewer, 'POST', `/api/v1/Holder/approve/licenses/${license.key}`, { decision: 'approved' });
    await reviewer.context().close();
  }
  await activate(holder, owner, license.key);
  await api(owner, 'POST', '/api/v1/Product', { license: license.key, name: productName, sku: `SB-${stamp}` });

  // A second organisation, with user@example.com as its staff.
  const orgB = await api<{ key: string }>(holder, 'POST', '/api/v1/Licensee', { name: `Second Snacks ${stamp}` });
  const user = await api<{ sub: string }>(holder, 'POST', '/api/licensee/member-lookup', {
    licensee: orgB.key,
    email: 'user@example.com',
  });
  await api(holder, 'POST', `/api/role/licensee/${orgB.key}`, { sub: user.sub, role: 'staff' });

  const staff = await personaAt(browser, 'licenseeStaff', '/jp/licensee/list');
  await expect(staff.getByTestId('license-row').filter({ hasText: ipName }).getByTestId('license-state')).toHaveText('有効');
  await staff.goto('/jp/licensee/product');
  await expect(staff.getByTestId('product-row').filter({ hasText: productName }).getByTestId('product-state')).toHaveText(
    '下書き',
  );
  // Organisation management is for owners and admins (#18): staff are not offered it, and the
  // page itself says they may not use it.
  await expect(staff.getByTestId('side-menu')).not.toContainText('組織管理');
  await staff.goto('/jp/licensee/admin/profile');
  await expect(staff.getByTestId('permission-denied')).toContainText('アクセス権限がありません');
  await shot(staff, 'staff-org-denied-jp');

  const other = await personaAt(browser, 'user', '/jp/licensee/list');
  await expect(other.getByTestId('licenses-empty')).toBeVisible();
  await expect(other.getByTestId('license-row')).toHaveCount(0);
  await other.goto('/jp/licensee/product');
  await expect(other.getByTestId('products-empty')).toBeVisible();
  await expect(other.getByTestId('product-no-active')).toBeVisible();
  const direct = await other.request.get(`/api/v1/License/${license.key}`);
  expect(direct.status()).toBe(404);
  // user@example.com is a plain user again for the journeys after this one (it applies to become a designer).
  await api(holder, 'DELETE', `/api/role/licensee/${orgB.key}`, { sub: user.sub });
});

test('the owner edits the profile, adds user@example.com as staff and removes them', async ({ browser }) => {
  const owner = await personaAt(browser, 'licenseeOwner', '/jp/licensee/admin/profile');
  await owner.getByTestId('org-email').fill('not-an-address');
  await owner.getByTestId('org-save').click();
  await expect(owner.getByTestId('org-email-error')).toBeVisible();
  await owner.getByTestId('org-email').fill('info@demo-snacks.example.com');
  await owner.getByTestId('org-tel').fill('03-1234-5678');
  await owner.getByTestId('org-save').click();
  await expect(owner.getByTestId('org-saved')).toBeVisible();
  await shot(owner, 'profile-jp');

  await owner.getByTestId('admin-tab-staff').click();
  await expect(owner).toHaveURL(/\/jp\/licensee\/admin\/staff$/);
  await owner.getByTestId('member-email').fill('nobody@example.com');
  await owner.getByTestId('member-add').click();
  await expect(owner.getByTestId('member-email-error')).toHaveText('このメールアドレスのアカウントはありません。');
  await owner.getByTestId('member-email').fill('user@example.com');
  await owner.getByTestId('member-add').click();
  const row = owner.locator('[data-testid=member-row][data-email="user@example.com"]');
  await expect(row).toBeVisible();
  await expect(owner.getByTestId('members-notice')).toBeVisible();
  await shot(owner, 'staff-jp');
  await row.getByTestId('member-remove').click();
  await owner.getByTestId('dialog-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(row).toHaveCount(0);
  await expect(owner.getByTestId('members-notice')).toContainText('削除しました');

  // The administrators page lists the owner; the owner's own row cannot leave the last owner out.
  await owner.goto('/en/licensee/admin/administrator');
  await expect(owner.locator('[data-testid=member-row][data-email="licensee@example.com"]')).toBeVisible();
  await shot(owner, 'administrators-en');
});
