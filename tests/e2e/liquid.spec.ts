import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, loginAtProvider, menuSections, personas, signInAt } from './fixtures';

// A 2×2 RGB PNG: a real image for the server's type sniffing and thumbnails.
const PNG_2X2 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DA0PCfAUIBACFyBP1TVaZ3AAAAAElFTkSuQmCC';

function pngFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'liquid-'));
  const file = path.join(dir, 'portfolio.png');
  fs.writeFileSync(file, Buffer.from(PNG_2X2, 'base64'));
  return file;
}

/** Takes one step on the open application and waits for its new state. */
async function move(page: Page, action: 'reviewing' | 'approved' | 'issued') {
  await page.getByTestId(`liquid-action-${action}`).click();
  await page.getByTestId('dialog-confirm').locator('.btn-primary').click();
  await expect(page.getByTestId('liquid-detail')).toHaveAttribute('data-state', action, { timeout: 20_000 });
}

test('SPEC §4/§9 a plain user applies to become a designer, staff review, approve and issue (document cards of 450×150), and the user gets the designer menu', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const creator = `E2E Creator ${Date.now().toString(36)}`;

  // The user applies as a personal designer, with a document.
  await signInAt(page, 'user', '/jp/apply');
  expect(await menuSections(page)).not.toContain('section.designer');
  await expect(page.getByTestId('liquid-form')).toBeVisible();
  await page.getByTestId('profile-creator_name').fill('');
  await page.getByTestId('liquid-submit').click();
  await expect(page.getByTestId('profile-creator_name-error')).toHaveText('必須項目です。');
  await page.getByTestId('profile-creator_name').fill(creator);
  await page.getByTestId('profile-cat').fill('イラスト');
  await page.getByTestId('profile-name_last').fill('一般');
  await page.getByTestId('profile-name_first').fill('太郎');
  await page.getByTestId('documents-file').setInputFiles(pngFile());
  await expect(page.getByTestId('document-item')).toHaveCount(1);
  await page.getByTestId('document-desc-input').fill('ポートフォリオ');
  await page.getByTestId('liquid-submit').click();
  await expect(page.getByTestId('liquid-state')).toHaveAttribute('data-state', 'applied');
  await expect(page.getByTestId('liquid-state')).toHaveText('申請済み');

  // Staff: the application waits under Applied; review, approve, then issue.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAt(staff, 'admin', '/en/holder/applications');
  const row = staff.locator(`[data-testid=liquid-row][data-email="${personas.user}"]`);
  await expect(row).toHaveCount(1);
  await row.getByTestId('liquid-open').click();
  await expect(staff.getByTestId('liquid-detail')).toContainText(creator);
  await expect(staff.getByTestId('liquid-detail-documents').getByTestId('document-card')).toHaveCount(1);
  const documentCard = await staff.getByTestId('liquid-detail-documents').getByTestId('document-card').boundingBox();
  expect([Math.round(documentCard!.width), Math.round(documentCard!.height)]).toEqual([450, 150]);
  await expect(staff.getByTestId('liquid-detail-documents')).toContainText('ポートフォリオ');
  await move(staff, 'reviewing');
  await move(staff, 'approved');
  await move(staff, 'issued');
  await expect(staff.getByTestId('liquid-detail-designer')).toBeVisible();
  await staffContext.close();

  // The user sees the result, signs in again and has the designer menu.
  await page.reload();
  await expect(page.getByTestId('liquid-state')).toHaveAttribute('data-state', 'issued');
  await expect(page.getByTestId('liquid-signin-again')).toBeVisible();
  await page.getByTestId('liquid-signin-again-button').click();
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/') || url.pathname === '/jp/designer/profile', {
    timeout: 30_000,
  });
  if (new URL(page.url()).pathname.startsWith('/interaction/')) await loginAtProvider(page, personas.user);
  await expect(page).toHaveURL(/\/jp\/designer\/profile$/);
  expect(await menuSections(page)).toContain('section.designer');
  await expect(page.getByTestId('designer-display-name')).toHaveText(creator);
  await expect(page.getByTestId('designer-type')).toHaveText('個人デザイナー');
  await expect(page.getByTestId('section-corporate')).toHaveCount(0);
  await expect(page.getByTestId('document-card')).toHaveCount(1);

  // The new designer goes on with the designer journey (tests/e2e/designer.spec.ts takes it to the
  // end): the holder has published a primary IP; the designer asks for a usage permit from the gallery.
  const holderContext = await browser.newContext();
  const holder = await holderContext.newPage();
  await signInAt(holder, 'holder', '/jp/holder/ip');
  const primaryName = `liquid primary ${Date.now().toString(36)}`;
  const made = await holder.request.post('/api/v1/IP', { data: { name: primaryName, kind: 'primary' } });
  const primaryKey = ((await made.json()) as { data: { key: string } }).data.key;
  expect((await holder.request.post(`/api/v1/IP/${primaryKey}/publish`, { data: {} })).ok()).toBe(true);
  await holderContext.close();
  await page.goto('/jp/designer/gallery');
  await page.getByTestId('gallery-search').fill(primaryName);
  const card = page.getByTestId('ip-card').filter({ hasText: primaryName });
  await expect(card).toHaveCount(1);
  await card.getByTestId('ip-card-open').click();
  await page.getByTestId('permit-purpose').fill('新しいデザイナーとして作品に使います。');
  await page.getByTestId('permit-submit').click();
  await expect(page.getByTestId('permit-requested')).toContainText(primaryName);
});
