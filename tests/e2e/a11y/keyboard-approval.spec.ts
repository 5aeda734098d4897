import { type Page } from '@playwright/test';
import { api, personaAt, type Rec } from '../api-setup';
import { expect, test } from '../fixtures';

/** Presses Tab until the focused element matches, as a keyboard user would walk the page. */
async function tabTo(page: Page, matches: (el: { testId: string | null; text: string }) => boolean, limit = 120): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { testId: el?.getAttribute('data-testid') ?? null, text: el?.innerText ?? '' };
    });
    if (matches(focused)) return;
  }
  throw new Error('the element was not reached with Tab');
}

/** The focused element shows where it is: an outline or a focus ring (never colour alone). */
async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow !== 'none' };
  });
  expect(ring.outline || ring.shadow, 'focus is visible').toBe(true);
}

test('[jp] the brand approver grants a usage permit with the keyboard only', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const name = `キーボード承認 ${stamp}`;
  // Setup through the API: a published primary IP and a designer's request to use it.
  const holder = await personaAt(browser, 'holder', '/jp/holder/ip');
  const primary = await api<Rec>(holder, 'POST', '/api/v1/IP', { name, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${String(primary.key)}/publish`);
  await holder.context().close();
  const designer = await personaAt(browser, 'designer', '/jp/designer/usage');
  await api(designer, 'POST', '/api/v1/Usage', { ip: primary.key, purpose: 'キーボード操作の確認' });
  await designer.context().close();

  const brand = await personaAt(browser, 'brand', '/jp/holder/approve/ip?tab=usages');
  await expect(brand.getByTestId('queue-item').filter({ hasText: name })).toBeVisible();
  await brand.locator('body').focus();

  // From the top of the page: Tab to the request, Enter opens it.
  await tabTo(brand, (el) => el.testId === 'queue-item' && el.text.includes(name));
  await expectFocusVisible(brand);
  await brand.keyboard.press('Enter');
  await expect(brand.getByTestId('detail-name')).toContainText(name);

  // Tab on to the decision, Enter approves it.
  await tabTo(brand, (el) => el.testId === 'decide-approved');
  await expectFocusVisible(brand);
  await brand.keyboard.press('Enter');
  await expect(brand.getByTestId('decision-success')).toContainText(name);
  await expect(brand.getByTestId('queue-item').filter({ hasText: name })).toHaveCount(0);
  await brand.context().close();
});
