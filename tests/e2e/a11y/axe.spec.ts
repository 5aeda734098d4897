import fs from 'node:fs';
import axe from 'axe-core';
import { type Page } from '@playwright/test';
import { menuGroups } from '../../../lib/menu/definition';
import { visibleMenu } from '../../../lib/menu/visible';
import { expect, test, signInAt, type Persona } from '../fixtures';
import { EXCLUDED_REGIONS, isKnown } from './known-violations';

// WCAG 2.2 AA, as issue #24 asks.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const ROLES: Persona[] = ['admin', 'holder', 'designer', 'licenseeOwner'];
const LANGS = ['jp', 'en'] as const;

interface Finding {
  persona: Persona;
  page: string;
  rule: string;
  impact: string;
  targets: string[];
  known: boolean;
}

/** The menu paths this persona sees, from the same definition and access entries as the side menu. */
async function menuPaths(page: Page): Promise<string[]> {
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { access: string[] } };
  const groups = visibleMenu(menuGroups, session.user.access, { client: 'calbee', product: 'ipl' });
  return groups.flatMap((g) => g.entries.map((e) => e.path));
}

/** The page as a person sees it: the session resolved, spinners gone, the first data drawn. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .locator('.loading-page')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // Lists draw a skeleton, then rows: give the first answer a moment, not a fixed long wait.
  await page
    .waitForFunction(() => !document.querySelector('.spinner-border, [aria-busy="true"]'), undefined, { timeout: 3_000 })
    .catch(() => undefined);
}

type AxeWindow = Window & { axe?: typeof axe; next?: { router: { push: (url: string) => Promise<boolean> } } };

/**
 * Opens a page as the menu does, by the app's router, so the window and the axe-core injected into
 * it stay: a full load per page and axe injected again for each cost three times the scan itself.
 * A page without the router is loaded in full. When the router itself falls back to a full load
 * (its page code took too long on a busy machine), the call either never answers, as the page goes
 * away, or answers false with the full load already under way: that load is waited for, not raced
 * by a second one ("navigation interrupted by another navigation"), and only a page that is still
 * not there after it is loaded here.
 */
async function openFromApp(page: Page, url: string): Promise<void> {
  const there = (u: URL) => u.pathname === url;
  const routed = await page
    .evaluate<boolean | 'no router', string>((u) => {
      const router = (window as AxeWindow).next?.router;
      return router ? router.push(u) : 'no router';
    }, url)
    .catch(() => null);
  if (routed === 'no router') await page.goto(url);
  else if (routed === false) {
    const arrived = await page.waitForURL(there, { timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    if (!arrived) await page.goto(url);
  } else await page.waitForURL(there);
}

/** axe-core over the page as it stands, WCAG 2.2 AA rules only, outside the excluded regions. */
async function analyze(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.addScriptTag({ content: axe.source });
  return page.evaluate(
    ([tags, excluded]) =>
      (window as AxeWindow).axe!.run(
        { exclude: excluded.map((selector) => [selector]) },
        { runOnly: { type: 'tag', values: tags } },
      ),
    [TAGS, EXCLUDED_REGIONS] as const,
  );
}

for (const persona of ROLES) {
  for (const lang of LANGS) {
    test(`axe (WCAG 2.2 AA): no serious or critical violation on ${persona}'s menu pages in ${lang}`, async ({ browser }) => {
      // Every menu page of the role in one context, one after another: minutes on a busy machine.
      test.setTimeout(900_000);
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInAt(page, persona, `/${lang}/profile`);
      const paths = await menuPaths(page);
      expect(paths.length).toBeGreaterThan(3);
      const findings: Finding[] = [];
      for (const path of paths) {
        const url = path === '/' ? `/${lang}` : `/${lang}${path}`;
        await openFromApp(page, url);
        await settle(page);
        const result = await analyze(page);
        const here: Finding[] = [];
        for (const v of result.violations) {
          if (v.impact !== 'serious' && v.impact !== 'critical') continue;
          here.push({
            persona,
            page: url,
            rule: v.id,
            impact: v.impact,
            targets: v.nodes.map((n) => n.target.join(' ')),
            known: isKnown(v.id, path),
          });
        }
        // AXE_REPORT names a file that collects every finding, page by page (for the report).
        if (process.env.AXE_REPORT) fs.appendFileSync(process.env.AXE_REPORT, `${JSON.stringify({ persona, url, here })}\n`);
        findings.push(...here);
      }
      await context.close();
      const unknown = findings.filter((f) => !f.known);
      expect(unknown, JSON.stringify(unknown, null, 1)).toEqual([]);
    });
  }
}
