import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { demoPassword } from '../../playwright.config';

/**
 * Console messages a journey may meet without anything being wrong: the browser's own line for
 * an answer 4xx (a refused call a test makes on purpose, a missing image) and the fetcher's
 * SPEC §8 log of a non-200 answer below 500. Anything else the console shows as an error (a
 * failed render, a hydration mismatch, a 5xx) fails the journey.
 */
const EXPECTED_CONSOLE = [
  /^Failed to load resource: the server responded with a status of 4\d\d\b/,
  /^\[(core|product)\] \S+ answered 4\d\d$/,
];

const allowedByTest = new WeakMap<object, RegExp[]>();

/** Lets one test meet console errors it provokes on purpose (a forced 401, say). */
export function allowConsoleErrors(testInfo: object, ...patterns: RegExp[]): void {
  allowedByTest.set(testInfo, [...(allowedByTest.get(testInfo) ?? []), ...patterns]);
}

function watchContext(context: BrowserContext, problems: string[], allowed: () => RegExp[]): void {
  context.on('weberror', (error) => {
    problems.push(`page error on ${error.page()?.url() ?? '?'}: ${error.error().message.split('\n')[0]}`);
  });
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if ([...EXPECTED_CONSOLE, ...allowed()].some((pattern) => pattern.test(text))) return;
    problems.push(`console error on ${message.page()?.url() ?? '?'}: ${text.split('\n')[0]!.slice(0, 300)}`);
  });
}

/**
 * Every e2e journey fails on any page error or console error (a hydration warning is one) in any
 * page it opens, including the contexts it makes itself with browser.newContext().
 */
export const test = base.extend<{ consoleGuard: void }>({
  consoleGuard: [
    async ({ browser, context }, use, testInfo) => {
      const problems: string[] = [];
      const allowed = () => allowedByTest.get(testInfo) ?? [];
      watchContext(context, problems, allowed);
      const newContext = browser.newContext.bind(browser);
      const patched = browser as Browser & { newContext: Browser['newContext'] };
      const made: BrowserContext[] = [];
      patched.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const one = await newContext(...args);
        watchContext(one, problems, allowed);
        made.push(one);
        return one;
      };
      await use();
      patched.newContext = newContext;
      try {
        expect(problems, 'page errors and console errors met during the journey').toEqual([]);
      } finally {
        // The contexts a journey made close with it. Left open, their pages kept polling and
        // streaming in the worker's browser for the rest of the run: a clean-clone CI run had
        // 163 renderers alive after half the journeys, some 25 minutes old.
        await Promise.all(made.map((one) => one.close().catch(() => undefined)));
      }
    },
    { auto: true },
  ],
});

export { expect };

export const personas = {
  admin: 'admin@example.com',
  boss: 'boss@example.com',
  holder: 'holder@example.com',
  legal: 'legal@example.com',
  brand: 'brand@example.com',
  cfl: 'cfl@example.com',
  legalManager: 'legal-manager@example.com',
  designer: 'designer@example.com',
  corporateDesigner: 'studio@example.com',
  licenseeOwner: 'licensee@example.com',
  licenseeStaff: 'licensee-staff@example.com',
  user: 'user@example.com',
} as const;

export type Persona = keyof typeof personas;

/**
 * Completes the provider's login page (and its consent page the first time an account
 * meets it) once the browser has been sent there.
 */
export async function loginAtProvider(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.waitForURL(/\/interaction\//);
  await page.getByTestId('login-form').waitFor();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  // Consent appears once per account and client; it is remembered afterwards.
  const allow = page.getByTestId('consent-allow');
  const outcome = await Promise.race([
    allow.waitFor().then(() => 'consent' as const),
    page
      .getByTestId('idp-error')
      .waitFor()
      .then(() => 'error' as const),
    page
      .waitForURL((url) => !['/interaction/', '/api/', '/signin'].some((p) => url.pathname.startsWith(p)))
      .then(() => 'left' as const),
  ]);
  if (outcome === 'error') throw new Error(`provider refused the login of ${email}`);
  if (outcome === 'consent') await allow.click();
}

/** Opens a protected page signed out, signs in at the provider, and expects to land back on it. */
export async function signInAt(page: Page, persona: Persona, path: string): Promise<void> {
  await page.goto(path);
  await loginAtProvider(page, personas[persona]);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, (c) => `\\${c}`)}$`));
}

/** The section titles of the left menu, in order. */
export async function menuSections(page: Page): Promise<string[]> {
  await page.getByTestId('side-menu').waitFor();
  const groups = page.locator('[data-testid^="menu-group-"]');
  return groups.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('menu-group-', '')));
}

/**
 * A new account: opens a protected page signed out, creates the account at the provider's sign-up
 * form and lands back on the page (or on its /en version, when the stored language says so).
 */
export async function signUpAt(page: Page, path: string, email: string, name = 'New Person'): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/interaction\//);
  await page.getByTestId('signup-link').click();
  await page.getByTestId('signup-form').waitFor();
  await page.locator('#signup-name').fill(name);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill('new-person-password-1');
  await page.locator('#signup-confirm').fill('new-person-password-1');
  await page.getByTestId('signup-submit').click();
  const allow = page.getByTestId('consent-allow');
  const back = new RegExp(`${path.replace(/^\/(jp|en)/, '').replace(/[/?]/g, (c) => `\\${c}`)}$`);
  await Promise.race([allow.waitFor().then(() => allow.click()), page.waitForURL(back)]);
  await page.waitForURL(back);
}

/** The signed-in user's sub, from the session. */
export async function subOfPage(page: Page): Promise<string> {
  const res = await page.request.get('/api/auth/session');
  return ((await res.json()) as { user: { sub: string } }).user.sub;
}

/**
 * SPEC §2 dialogs fit the window: the open dialog lies inside the viewport and its actions (the
 * header's close button and every footer button) are in view and not covered by anything.
 */
export async function expectDialogFits(page: Page, dialog: ReturnType<Page['locator']>): Promise<void> {
  const viewport = page.viewportSize()!;
  const content = dialog.locator('.modal-content');
  // Measured once the dialog stands still: a slow machine is still sliding it in (Bootstrap's
  // fade moves it down 50 px) or growing an item just opened.
  await content.evaluate((el) =>
    Promise.all((el.closest('.modal') ?? el).getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
  const box = (await content.boundingBox())!;
  const where = `${viewport.width}×${viewport.height}`;
  expect(box.x, `dialog left edge at ${where}`).toBeGreaterThanOrEqual(0);
  expect(box.y, `dialog top edge at ${where}`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `dialog right edge at ${where}`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, `dialog bottom edge at ${where}`).toBeLessThanOrEqual(viewport.height + 0.5);
  const actions = dialog.locator('.modal-header .btn-close, .modal-footer button, .modal-footer a');
  for (const action of await actions.all()) {
    if (!(await action.isVisible())) continue;
    const b = (await action.boundingBox())!;
    expect(b.y + b.height, `an action below the window at ${where}`).toBeLessThanOrEqual(viewport.height + 0.5);
    expect(b.x + b.width, `an action right of the window at ${where}`).toBeLessThanOrEqual(viewport.width + 0.5);
    const reachable = await action.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return Boolean(hit && (hit === el || el.contains(hit)));
    });
    expect(reachable, `an action covered at ${where}`).toBe(true);
  }
}
