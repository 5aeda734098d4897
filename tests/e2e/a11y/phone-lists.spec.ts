import { type Page } from '@playwright/test';
import { expect, test, signInAt, type Persona } from '../fixtures';

// Lists on the table kit, at the width of a phone (390 px): rows read as cards, nothing scrolls sideways.
const LISTS: { persona: Persona; path: string; table: string }[] = [
  { persona: 'holder', path: '/jp/holder/tags-admin', table: 'tags-table' },
  { persona: 'holder', path: '/jp/holder/invite/licensee', table: 'invite-table' },
  { persona: 'admin', path: '/jp/sys/licensees', table: 'orgs-table' },
  { persona: 'admin', path: '/jp/designer/list', table: 'designer-list-table' },
  { persona: 'admin', path: '/jp/sys/storage/public', table: 'public-files-table' },
];

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.page, 'the page is no wider than the phone').toBeLessThanOrEqual(widths.view);
}

for (const persona of ['holder', 'admin'] as const) {
  test(`${persona}: list pages at 390 px never scroll sideways`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const lists = LISTS.filter((l) => l.persona === persona);
    await signInAt(page, persona, lists[0]!.path);
    for (const list of lists) {
      await page.goto(list.path);
      await expect(page.getByTestId(list.table)).toBeVisible();
      await expect(page.locator(`[data-testid="${list.table}"] [aria-busy="true"]`)).toHaveCount(0);
      await noSidewaysScroll(page);
      if (process.env.PHONE_SHOTS)
        await page.screenshot({
          path: `${process.env.PHONE_SHOTS}/${list.path.slice(4).replaceAll('/', '-')}.png`,
          fullPage: true,
        });
    }
    await context.close();
  });
}
