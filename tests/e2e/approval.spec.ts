import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, signInAt, type Persona } from './fixtures';

type Lang = 'jp' | 'en';
interface Envelope<T = Record<string, unknown>> {
  status: number;
  data: T;
}

/** One person in their own browser context, signed in on the given page. */
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

/**
 * The holder publishes a primary IP, the designer asks for a usage permit of it and the brand
 * approver grants it: the start every secondary IP needs.
 */
async function permittedPrimary(browser: Browser, lang: Lang, stamp: string) {
  const holder = await personaAt(browser, 'holder', `/${lang}/holder/approve/ip`);
  const primaryName = `Primary ${stamp}`;
  const primary = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', { name: primaryName, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${primary.key}/publish`);
  await holder.context().close();

  const designer = await personaAt(browser, 'designer', `/${lang}/designer/iplist`);
  const usage = await api<{ key: string }>(designer, 'POST', '/api/v1/Usage', { ip: primary.key, purpose: 'Secondary works' });

  const brand = await personaAt(browser, 'brand', `/${lang}/holder/approve/ip`);
  const list = await api<{ queue: { review: { key: string }; subject: { key: string } }[] }>(
    brand,
    'POST',
    '/api/v1/Usage/holder/list',
  );
  const pending = list.queue.find((item) => item.subject.key === usage.key);
  expect(pending, 'the usage request waits for brand').toBeTruthy();
  await api(brand, 'PATCH', `/api/v1/Review/${pending!.review.key}/approved`);
  return { primaryName, designer, brand };
}

async function artwork(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 236, g: 150, b: 60 } } })
    .png()
    .toBuffer();
}

/** In designer/iplist: the Designer profile if there is none yet, then a secondary IP with an image, submitted. */
async function createAndSubmit(designer: Page, lang: Lang, primaryName: string, name: string) {
  await designer.goto(`/${lang}/designer/iplist`);
  // The demo designer holds its designer record (issued by its designer application).
  await expect(designer.getByTestId('ip-new')).toBeVisible();
  await designer.getByTestId('ip-new').click();
  await designer.getByTestId('ip-parent').selectOption({ label: primaryName });
  await designer.getByTestId('ip-name').fill(name);
  await designer.getByTestId('ip-description').fill('A cheerful remix of the primary character.');
  await designer
    .getByTestId('ip-images-input')
    .setInputFiles({ name: 'remix.png', mimeType: 'image/png', buffer: await artwork() });
  await expect(designer.getByTestId('ip-image')).toHaveCount(1);
  await designer.getByTestId('ip-save').click();
  await expect(designer.getByTestId('ip-detail-name')).toHaveText(new RegExp(`^IP-\\d{4}-\\d{4} ${name}$`)); // its reference, then its name
  await designer.getByTestId('ip-submit').click();
  await expect(designer.getByTestId('ip-step-success')).toBeVisible();
  await expect(designer.getByTestId('ip-detail')).toHaveAttribute('data-state', 'submitted');
}

function queueItem(page: Page, name: string) {
  return page.getByTestId('queue-item').filter({ hasText: name });
}

async function openInQueue(page: Page, lang: Lang, name: string) {
  await page.goto(`/${lang}/holder/approve/ip`);
  await queueItem(page, name).click();
  await expect(page.getByTestId('detail-name')).toContainText(name); // after its reference, before its designer
}

function ipRow(page: Page, name: string) {
  return page.getByTestId('ip-row').filter({ hasText: name });
}

test('[jp] a secondary IP is approved by brand, then legal, and the designer sees 承認済み', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const name = `二次IP 承認 ${stamp}`;
  const { primaryName, designer, brand } = await permittedPrimary(browser, 'jp', stamp);
  await createAndSubmit(designer, 'jp', primaryName, name);
  await expect(ipRow(designer, name).getByTestId('ip-state')).toHaveText('審査待ち');

  const legal = await personaAt(browser, 'legal', '/jp/holder/approve/ip');
  await expect(queueItem(legal, name)).toBeVisible();
  await expect(queueItem(legal, name).getByTestId('queue-group')).toHaveText('法務の判断待ち');

  await openInQueue(brand, 'jp', name);
  await expect(queueItem(brand, name).getByTestId('queue-group')).toHaveText('ブランドの判断待ち');
  await expect(queueItem(brand, name).getByTestId('queue-waiting')).toHaveText(/^\d+ 分$/);
  await expect(brand.getByTestId('subject-images').locator('img')).toHaveCount(1);
  await brand.getByTestId('decide-approved').click();
  await expect(brand.getByTestId('decision-success')).toContainText(
    new RegExp(`「IP-\\d{4}-\\d{4} ${name} / .+」を承認しました。`),
  ); // named by reference, name and designer
  await expect(queueItem(brand, name)).toHaveCount(0);
  await brand.reload();
  await expect(brand.getByTestId('queue-empty').or(brand.getByTestId('queue-list'))).toBeVisible();
  await expect(queueItem(brand, name)).toHaveCount(0);

  // Legal's queue still holds it after brand's decision.
  await legal.reload();
  await queueItem(legal, name).click();
  await expect(legal.locator('[data-testid=review-item][data-group=brand]')).toHaveAttribute('data-state', 'approved');
  await expect(legal.locator('[data-testid=review-item][data-group=legal]')).toHaveAttribute('data-state', 'pending');
  await legal.getByTestId('decide-approved').click();
  await expect(legal.getByTestId('decision-success')).toContainText(
    new RegExp(`「IP-\\d{4}-\\d{4} ${name} / .+」を承認しました。`),
  ); // named by reference, name and designer
  await expect(queueItem(legal, name)).toHaveCount(0);

  await designer.goto('/jp/designer/iplist');
  await expect(ipRow(designer, name).getByTestId('ip-state')).toHaveText('承認済み');
});

test('[en] legal rejects with a comment and a pin; the designer sees Rejected, the comment and the marker', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const name = `Secondary rejected ${stamp}`;
  const { primaryName, designer } = await permittedPrimary(browser, 'en', stamp);
  await createAndSubmit(designer, 'en', primaryName, name);

  const legal = await personaAt(browser, 'legal', '/en/holder/approve/ip');
  await openInQueue(legal, 'en', name);
  const image = legal.getByTestId('markup-image-0');
  await expect(image.locator('img')).toHaveJSProperty('complete', true);
  const clicked = (await image.boundingBox())!;
  const at = { x: 120 / clicked.width, y: 80 / clicked.height };
  await image.click({ position: { x: 120, y: 80 } });
  await expect(legal.getByTestId('markup-new-pin')).toHaveCount(1);
  await legal.getByTestId('markup-note-0').fill('The logo is squeezed here');
  await legal.getByTestId('decision-comment').fill('Logo proportions are wrong');
  await legal.getByTestId('decide-rejected').click();
  await expect(legal.getByTestId('decision-success')).toContainText(
    new RegExp(`You rejected "IP-\\d{4}-\\d{4} ${name} / .+"\\.`),
  );
  await expect(queueItem(legal, name)).toHaveCount(0);

  // The list arrives with each row's parent and last decision: no read per row after it loads.
  const readsAfterLoad: string[] = [];
  const perRow = /\/api\/v1\/IP\/(?!query$)[^/]+(\/history)?$|\/api\/v1\/Review\/latest$/;
  const track = (request: { url: () => string }) => {
    if (perRow.test(new URL(request.url()).pathname)) readsAfterLoad.push(request.url());
  };
  designer.on('request', track);
  await designer.goto('/en/designer/iplist');
  const row = ipRow(designer, name);
  await expect(row.getByTestId('ip-state')).toHaveText('Rejected');
  await expect(row.getByTestId('ip-last-comment')).toHaveText('Logo proportions are wrong');
  await expect(row).toContainText(primaryName);
  await expect(row.getByTestId('ip-last-decision')).toContainText('Legal');
  designer.off('request', track);
  expect(readsAfterLoad).toEqual([]);
  await row.getByTestId('ip-details').click();
  await expect(designer.getByTestId('ip-detail-state')).toHaveText('Rejected');
  const legalReview = designer.getByTestId('review-item').filter({ hasText: 'Logo proportions are wrong' });
  await expect(legalReview).toHaveAttribute('data-state', 'rejected');
  await expect(legalReview.getByTestId('review-markup')).toContainText('The logo is squeezed here');
  const pin = designer.getByTestId('markup-image-0').getByTestId('markup-pin');
  await expect(pin).toHaveCount(1);
  await expect(pin).toHaveText('1');
  // Drawn on the spot legal clicked, as fractions of the image box (which may be shown at another size).
  await expect(designer.getByTestId('markup-image-0').locator('img')).toHaveJSProperty('complete', true);
  const box = (await designer.getByTestId('markup-image-0').boundingBox())!;
  const spot = (await pin.boundingBox())!;
  expect(Math.abs((spot.x + spot.width / 2 - box.x) / box.width - at.x)).toBeLessThan(0.02);
  expect(Math.abs((spot.y + spot.height / 2 - box.y) / box.height - at.y)).toBeLessThan(0.02);
});

test('[en] changes requested: the designer follows the notification to its IP, reads the request, revises the name and resubmits; the approver compares versions', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const oldName = `Secondary draft ${stamp}`;
  const newName = `Secondary final ${stamp}`;
  const { primaryName, designer, brand } = await permittedPrimary(browser, 'en', stamp);
  await createAndSubmit(designer, 'en', primaryName, oldName);

  await openInQueue(brand, 'en', oldName);
  await expect(brand.getByTestId('compare-versions')).toHaveCount(0);
  await brand.getByTestId('decide-changes_requested').click();
  // A request for changes needs a comment: the server's message shows under the box.
  await expect(brand.getByTestId('decision-comment-error')).toBeVisible();
  await brand.getByTestId('decision-comment').fill('Please use the official name format.');
  await brand.getByTestId('decide-changes_requested').click();
  await expect(brand.getByTestId('decision-success')).toContainText(
    new RegExp(`You requested changes to "IP-\\d{4}-\\d{4} ${oldName} / .+"\\.`),
  );

  // The designer is told in the bell, follows its link to its own IP and reads the request there.
  await designer.goto('/en');
  await designer.getByTestId('notify-bell').click();
  const note = designer
    .getByTestId('notify-viewer')
    .locator('[data-testid^="notify-item-"]')
    .filter({ hasText: oldName })
    // In the designer's stored language.
    .filter({ hasText: /Changes requested|修正依頼/ });
  await expect(note).toHaveCount(1);
  await note.click();
  await designer.getByTestId('notify-viewer').getByTestId('notify-open').click();
  await designer.waitForURL(/\/en\/designer\/iplist/);
  const detail = designer.getByTestId('ip-detail');
  await expect(detail.getByTestId('ip-detail-name')).toContainText(oldName);
  await expect(detail.getByTestId('ip-detail-state')).toHaveText('Changes requested');
  await expect(detail.getByTestId('ip-changes')).toContainText('Brand');
  await expect(detail.getByTestId('ip-change-comment')).toHaveText('Please use the official name format.');
  // The whole history: the round with the request, and the log of steps.
  await expect(detail.getByTestId('ip-reviews')).toContainText('Please use the official name format.');
  const row = ipRow(designer, oldName);
  await expect(row.getByTestId('ip-state')).toHaveText('Changes requested');
  await designer.getByTestId('ip-revise').click();
  await expect(designer.getByTestId('ip-edit-form')).toBeVisible();
  await designer.getByTestId('ip-name').fill(newName);
  await designer.getByTestId('ip-save').click();
  await expect(designer.getByTestId('ip-detail-name')).toHaveText(new RegExp(`^IP-\\d{4}-\\d{4} ${newName}$`)); // its reference, then its name
  await expect(designer.getByTestId('ip-submit')).toHaveText('Resubmit');
  await designer.getByTestId('ip-submit').click();
  await expect(designer.getByTestId('ip-step-success')).toBeVisible();
  await expect(ipRow(designer, newName).getByTestId('ip-state')).toHaveText('Submitted');

  await openInQueue(brand, 'en', newName);
  await brand.getByTestId('compare-versions').click();
  const nameRow = brand.getByTestId('compare-row-name');
  await expect(nameRow).toHaveAttribute('data-changed', 'true');
  await expect(brand.getByTestId('compare-left-name')).toHaveText(oldName);
  await expect(brand.getByTestId('compare-right-name')).toHaveText(newName);
  await expect(brand.getByTestId('compare-row-description')).toHaveAttribute('data-changed', 'false');
});
