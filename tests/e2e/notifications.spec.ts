import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, personaAt, type Rec } from './api-setup';

interface QueueItem {
  review: { key: string; group: string };
  subject: Rec & { key: string };
}

async function bellCount(page: Page): Promise<number> {
  return Number((await page.getByTestId('notify-count').textContent())?.trim() || '0');
}

/** The designer asks for a usage permit on a freshly published primary IP (through the API). */
async function requestPermit(holder: Page, designer: Page, name: string): Promise<{ key: string; reference: string }> {
  const primary = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', { name, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${primary.key}/publish`);
  const usage = await api<{ key: string; reference: string }>(designer, 'POST', '/api/v1/Usage', {
    ip: primary.key,
    purpose: `notification test ${name}`,
  });
  expect(usage.reference).toMatch(/^[A-Z]{3}-\d{4}-\d{4,}$/);
  return usage;
}

/** Brand approves the permit through the API with its own signed-in session. */
async function approveAsBrand(brand: Page, usageKey: string): Promise<void> {
  const queue = await api<QueueItem[]>(brand, 'GET', '/api/v1/Holder/approve/usages');
  const item = queue.find((q) => q.subject.key === usageKey);
  expect(item, `usage ${usageKey} in brand's queue`).toBeTruthy();
  await api(brand, 'PATCH', `/api/v1/Review/${item!.review.key}/approved`, {});
}

test('SPEC §2 Layout notification viewer: [jp] an approval by another user raises the applicant’s bell without a reload; the viewer reads and marks all read', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `通知テスト ${stamp}`;
  const holder = await personaAt(browser, 'holder', '/jp/holder/approve/ip');
  const designer = await personaAt(browser, 'designer', '/jp/designer/usage');
  const usage = await requestPermit(holder, designer, name);
  const usageKey = usage.key;

  // Page A stays open; its bell is live (server-sent events), showing N.
  await expect(designer.getByTestId('notify-count')).toHaveAttribute('data-live', 'true');
  const before = await bellCount(designer);
  let marker = 0;
  await designer.evaluate(() => {
    (window as unknown as { __notifyMarker: number }).__notifyMarker = 1;
  });

  const brand = await personaAt(browser, 'brand', '/jp/holder/approve/ip');
  await approveAsBrand(brand, usageKey);

  // N + 1 without any navigation (the marker set on the window survives only without a reload).
  await expect.poll(() => bellCount(designer), { timeout: 10_000 }).toBe(before + 1);
  marker = await designer.evaluate(() => (window as unknown as { __notifyMarker?: number }).__notifyMarker ?? 0);
  expect(marker).toBe(1);

  // The viewer lists the approval, naming the permit by its reference and the IP by its name (#17);
  // opening it shows the content.
  await designer.getByTestId('notify-bell').click();
  const viewer = designer.getByTestId('notify-viewer');
  await expect(viewer).toBeVisible();
  const item = viewer.locator('[data-testid^="notify-item-"]').filter({ hasText: usage.reference });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(name);
  await expect(item).not.toContainText(usageKey);
  await expect(item).toContainText('承認済み');
  // Mark all read → 0 (pushed back over the stream).
  await viewer.getByTestId('notify-mark-all').click();
  await expect.poll(() => bellCount(designer)).toBe(0);
  await expect(viewer.getByTestId('notify-mark-all')).toBeDisabled();

  // Opening it shows the content (pre-line keeps its line breaks).
  await item.click();
  await expect(viewer.getByTestId('notify-detail')).toContainText(usage.reference);
  await expect(viewer.getByTestId('notify-detail')).not.toContainText(usageKey);
  await expect(viewer.getByTestId('notify-content')).toHaveCSS('white-space', 'pre-line');
});

test('SPEC §2 Layout / §8 notification viewer: [en] the viewer in English; a notification that is gone shows the Notification Error dialog', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const user = await personaAt(browser, 'user', '/en/profile');
  const subject = `Reminder ${stamp}`;
  const mine = await api<{ key: string }>(user, 'POST', '/api/core/notify/new', {
    target: 'user@example.com',
    subject,
    content: 'First line\nSecond line <b>not bold</b>',
  });
  const gone = await api<{ key: string }>(user, 'POST', '/api/core/notify/new', {
    target: 'user@example.com',
    subject: `Gone ${stamp}`,
  });

  await user.getByTestId('notify-bell').click();
  const viewer = user.getByTestId('notify-viewer');
  await expect(viewer.getByRole('heading', { name: /Notifications/ })).toBeVisible();
  await expect(viewer.getByTestId('notify-mark-all')).toHaveText('Mark all read');
  const item = viewer.getByTestId(`notify-item-${mine.key}`);
  await expect(item).toContainText(subject);
  await expect(item).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await item.click();
  const content = viewer.getByTestId('notify-content');
  await expect(content).toHaveText('First line\nSecond line <b>not bold</b>', { useInnerText: true });
  await expect(content.locator('b')).toHaveCount(0);

  // A key the server does not know (as if deleted meanwhile): the real 404 answer → the error dialog.
  await user.route(`**/api/core/notify/get?key=${gone.key}`, (route) =>
    route.continue({ url: route.request().url().replace(gone.key, `missing${stamp}`) }),
  );
  await viewer.getByTestId(`notify-item-${gone.key}`).click();
  const error = user.getByTestId('notify-error');
  await expect(error).toContainText('Notification Error');
  await expect(error).toContainText('Invalid Notification');
  await expect(error.getByTestId('notify-error-status')).toHaveText('2');
  await expect(error).toContainText('notification not found');
  await error.getByTestId('notify-error-ok').click();
  await expect(error).toBeHidden();
});
