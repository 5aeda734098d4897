import { expect, type Page } from '@playwright/test';
import { demoPassword } from '../../playwright.config';

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
