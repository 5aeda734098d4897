import { chromium } from '@playwright/test';
import { chromiumPath, e2ePort, gateId, gatePassword } from '../../playwright.config';
import { expect, test } from './fixtures';

// The gate is bypassed on localhost, so this browser reaches the same loopback server under
// another host name.
test('SPEC §2 Layout / §8 registration gate: refuses wrong credentials and remembers acceptance for the session', async () => {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP gate.test 127.0.0.1', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://gate.test:${e2ePort}/en/help`);
    await expect(page.getByTestId('gate')).toBeVisible();
    await expect(page.locator('h1')).not.toHaveText('Help');

    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByLabel('ID').fill(gateId);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect.poll(() => alerts).toEqual(['Invalid credentials']);
    await expect(page.getByTestId('gate')).toBeVisible();

    await page.getByLabel('Password').fill(gatePassword);
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(page.locator('h1')).toHaveText('Help');
    await page.reload();
    await expect(page.locator('h1')).toHaveText('Help');
    await expect(page.getByTestId('gate')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
