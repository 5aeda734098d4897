import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, signInAt } from './fixtures';

// A 2×2 RGB PNG: small enough to inline, a real image for the server's type sniffing and resizing.
const PNG_2X2 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DA0PCfAUIBACFyBP1TVaZ3AAAAAElFTkSuQmCC';

function pngFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holder-ip-'));
  const file = path.join(dir, 'mascot.png');
  fs.writeFileSync(file, Buffer.from(PNG_2X2, 'base64'));
  return file;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The IP list narrowed to one name, and that IP's row. */
async function findIpRow(page: Page, lang: 'jp' | 'en', name: string) {
  await page.goto(`/${lang}/holder/ip`);
  await page.getByTestId('ip-search').fill(name);
  const row = page.locator(`[data-testid^="ip-row-"][data-name="${name}"]`);
  await expect(row).toHaveCount(1);
  return row;
}

const journeys = [
  { lang: 'jp', required: '必須項目です。', published: '公開中' },
  { lang: 'en', required: 'This field is required.', published: 'Published' },
] as const;

for (const { lang, required, published } of journeys) {
  test(`${lang}: the holder creates a primary IP with an image, publishes it and finds it in the list`, async ({ page }) => {
    const name = `E2E IP ${lang} ${unique()}`;
    await signInAt(page, 'holder', `/${lang}/holder/primary`);
    const save = page.getByTestId('primary-ip-save');
    await expect(save).toBeEnabled();

    await save.click();
    await expect(page.getByTestId('ip-name-error')).toHaveText(required);
    await expect(page.getByTestId('ip-name-input')).toHaveClass(/is-invalid/);

    await page.getByTestId('ip-name-input').fill(name);
    await expect(page.getByTestId('ip-name-error')).toBeHidden();
    await page.getByTestId('ip-description-input').fill('E2E description');
    await page.getByTestId('ip-guidelines-input').fill('Line one\nLine two');
    await page.getByTestId('ip-categories-input').fill('snacks, mascot');
    await page.getByTestId('ip-categories-input').press('Enter');
    await page.getByTestId('ip-images-input').setInputFiles(pngFile());
    await expect(page.getByTestId('ip-image-preview')).toHaveCount(1);

    await save.click();
    await expect(page.getByTestId('primary-ip-saved')).toContainText(name);
    await page.getByTestId('primary-ip-publish-now').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/holder/ip$`));

    const row = await findIpRow(page, lang, name);
    await expect(row.getByTestId('ip-state')).toHaveText(published);
    const thumbnail = row.getByTestId('ip-thumbnail');
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // The detail panel shows what was entered.
    await row.click();
    const detail = page.getByTestId('ip-detail');
    await expect(detail.getByTestId('ip-detail-name')).toHaveText(name);
    await expect(detail.getByTestId('ip-detail-guidelines')).toHaveText('Line one\nLine two');
    await expect(detail).toContainText('snacks');
    await expect(detail).toContainText('mascot');
    await expect(detail.getByTestId('ip-retire')).toBeVisible();
  });
}

test('jp: tags are created, renamed, assigned to an IP (badge in the list) and revoked', async ({ page }) => {
  const id = unique();
  const ipName = `E2E tagged IP ${id}`;
  const nameJp = `E2Eタグ${id}`;
  const nameEn = `E2E tag ${id}`;
  await signInAt(page, 'holder', '/jp/holder/tags-admin');
  const created = await page.request.post('/api/v1/IP', { data: { name: ipName, kind: 'primary' } });
  expect(created.ok()).toBe(true);

  await page.getByTestId('tag-new-name-jp').fill(nameJp);
  await page.getByTestId('tag-new-name-en').fill(nameEn);
  await page.getByTestId('tag-create').click();
  await expect(page.getByTestId('tags-notice')).toContainText(nameJp);
  const row = page.locator(`[data-testid="tag-row"][data-name-jp="${nameJp}"]`);
  await expect(row.getByTestId('tag-name-en')).toHaveText(nameEn);

  await row.getByTestId('tag-edit').click();
  await page.getByTestId('tag-edit-name-en').fill(`${nameEn} renamed`);
  await page.getByTestId('tag-save').click();
  await expect(row.getByTestId('tag-name-en')).toHaveText(`${nameEn} renamed`);

  const tagKey = await row.getAttribute('data-key');
  await row.getByTestId('tag-toggle-ips').click();
  const panel = page.getByTestId(`tag-ips-${tagKey}`);
  await panel.getByTestId('tag-ip-search').fill(ipName);
  await expect(panel.getByTestId('tag-ip-choice').locator('option', { hasText: ipName })).toHaveCount(1);
  await panel.getByTestId('tag-assign').click();
  await expect(panel.locator(`[data-testid="tag-assigned-ip"][data-name="${ipName}"]`)).toBeVisible();

  let ipRow = await findIpRow(page, 'jp', ipName);
  await expect(ipRow.getByTestId(`ip-tag-${tagKey}`)).toHaveText(nameJp);

  await page.goto('/jp/holder/tags-admin');
  await row.getByTestId('tag-toggle-ips').click();
  await panel.locator(`[data-testid="tag-assigned-ip"][data-name="${ipName}"]`).getByTestId('tag-revoke').click();
  await expect(panel.getByTestId('tag-assigned-ip')).toHaveCount(0);

  ipRow = await findIpRow(page, 'jp', ipName);
  await expect(ipRow.getByTestId('ip-state')).toBeVisible();
  await expect(ipRow.getByTestId(`ip-tag-${tagKey}`)).toHaveCount(0);
});

test('a designer opening /jp/holder/primary gets the Permission Denied page', async ({ page }) => {
  await signInAt(page, 'designer', '/jp/holder/primary');
  const denied = page.getByTestId('permission-denied');
  await expect(denied).toBeVisible();
  await expect(denied).toContainText('アクセス権限がありません');
  await expect(page.getByTestId('primary-ip-form')).toHaveCount(0);
});
