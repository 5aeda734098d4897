/**
 * The demo business (issue #19) on the server of the `demo` project, seeded on its start: each
 * role's home lists real items waiting for it, and every chart of holder/stats has data, in jp
 * and en. Read from the pages only; nothing is set up through the API.
 */
import type { Page } from '@playwright/test';
import { CHART_IDS } from '../../lib/stats/chart-ids';
import { expect, loginAtProvider, personas, test, type Persona } from './fixtures';

const EMPTY_CHART = { jp: 'この期間のデータはありません。', en: 'No data in this period.' };

/** Sections of the home that are work to do (notifications are counted on their own). */
async function waitingItems(page: Page): Promise<{ section: string; count: number; items: string[] }[]> {
  const waiting = page.getByTestId('home-waiting');
  await expect(waiting).toBeVisible();
  const cards = page.locator('[data-testid^="home-section-"]');
  return cards.evaluateAll((els) =>
    els
      .map((el) => ({
        section: el.getAttribute('data-testid')!.replace('home-section-', ''),
        count: Number(el.getAttribute('data-count')),
        items: [...el.querySelectorAll('[data-testid=home-item] a')].map((a) => a.textContent ?? ''),
      }))
      .filter((s) => s.section !== 'notifications'),
  );
}

/** Signs in the way a visitor does: the home's sign-in button, then the provider's form. */
async function signInFromHome(page: Page, persona: Persona): Promise<void> {
  await page.goto('/jp/');
  await page.getByTestId('home-sign-in').click();
  await loginAtProvider(page, personas[persona]);
  await expect(page.getByTestId('home')).toBeVisible();
}

const roles: { persona: Persona; sections: string[] }[] = [
  { persona: 'legal', sections: ['reviews'] },
  { persona: 'brand', sections: ['reviews'] },
  { persona: 'cfl', sections: ['reviews'] },
  { persona: 'boss', sections: ['reviews'] },
  { persona: 'designer', sections: ['changes'] },
  { persona: 'corporateDesigner', sections: ['changes'] },
  { persona: 'licenseeOwner', sections: ['reports'] },
  { persona: 'licenseeStaff', sections: ['reports'] },
];

for (const { persona, sections } of roles) {
  test(`demo: the home of ${persona} lists real items waiting for them, in jp and en`, async ({ page }) => {
    await signInFromHome(page, persona);
    // The corporate designer's stored language is English, and the app keeps them on /en.
    const langs = persona === 'corporateDesigner' ? (['en'] as const) : (['jp', 'en'] as const);
    for (const lang of langs) {
      await page.goto(`/${lang}/`);
      await expect(page.getByTestId('home-waiting').getByRole('heading', { level: 2 })).toHaveText(
        lang === 'jp' ? 'あなたの対応待ち' : 'Waiting for you',
      );
      const found = await waitingItems(page);
      for (const id of sections) {
        const section = found.find((s) => s.section === id);
        expect(section?.count, `${persona} ${lang}: ${id}`).toBeGreaterThan(0);
        expect(section!.items.length, `${persona} ${lang}: ${id} items`).toBeGreaterThan(0);
        for (const label of section!.items) expect(label.trim()).not.toBe('');
      }
      // The first item opens the page where the person acts.
      const first = page.getByTestId(`home-section-${sections[0]}`).getByTestId('home-item').first().getByRole('link');
      const href = await first.getAttribute('href');
      expect(href).toMatch(new RegExp(`^/${lang}/`));
    }
    // The welcome note and the flows' messages wait unread.
    await page.goto(`/${langs[0]}/`);
    await expect(page.getByTestId('home-section-notifications')).not.toHaveAttribute('data-count', '0');
  });
}

test('demo: every chart of holder/stats has data, in jp and en', async ({ page }) => {
  await signInFromHome(page, 'holder');
  for (const lang of ['jp', 'en'] as const) {
    await page.goto(`/${lang}/holder/stats`);
    for (const chart of CHART_IDS) {
      const card = page.getByTestId(`stats-card-${chart}`);
      await expect(card.getByTestId(`stats-chart-${chart}`).locator('canvas, svg').first()).toBeVisible();
      await expect(card, `${chart} (${lang})`).not.toContainText(EMPTY_CHART[lang]);
      await expect(card).not.toContainText(EMPTY_CHART[lang === 'jp' ? 'en' : 'jp']);
    }
  }
});
