// `npm run screenshots`: the README's five screens, taken from the running demo (SCREENSHOT_URL,
// default http://localhost:3000) in Chromium, signed in as the demo people. Start the platform with
// its demo business first (`npm start`); the pictures land in docs/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';

const base = (process.env.SCREENSHOT_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const outDir = path.resolve('docs/screenshots');

function demoPassword(): string {
  if (process.env.DEMO_PASSWORD) return process.env.DEMO_PASSWORD;
  const file = path.join(process.env.DATA_DIR ?? 'data', 'secrets.json');
  const secrets = JSON.parse(fs.readFileSync(file, 'utf8')) as { demoPassword?: string };
  if (!secrets.demoPassword) throw new Error(`no demo password in ${file}; set DEMO_PASSWORD`);
  return secrets.demoPassword;
}

async function signedIn(browser: Browser, email: string, pathname: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'ja-JP' });
  const page = await context.newPage();
  // As a visitor signs in: the home's button, then the provider's form (no consent for the platform).
  await page.goto(`${base}/jp/`);
  await page.getByTestId('home-sign-in').click();
  await page.waitForURL(/\/interaction\//);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(demoPassword());
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home').waitFor();
  await page.goto(`${base}${pathname}`);
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  // Let charts and images finish drawing.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  console.log(`  docs/screenshots/${name}.png`);
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const legal = await signedIn(browser, 'legal@example.com', '/jp/');
    await legal.getByTestId('home-item').first().waitFor();
    await shot(legal, 'approver-home');

    const brand = await signedIn(browser, 'brand@example.com', '/jp/holder/approve/ip');
    // The work sent back with pins and resubmitted: its history shows the pins of the first round.
    await brand.getByTestId('queue-item').filter({ hasText: 'お弁当' }).first().click();
    await brand.getByTestId('markup-figure-0').first().waitFor();
    await brand.getByTestId('review-history').scrollIntoViewIfNeeded();
    await shot(brand, 'approval-pins');

    const licensee = await signedIn(browser, 'licensee@example.com', '/jp/licensee/sales');
    await shot(licensee, 'licensee-sales');

    const holder = await signedIn(browser, 'holder@example.com', '/jp/holder/stats');
    await holder.locator('[data-testid^="stats-chart-"] canvas').first().waitFor();
    await shot(holder, 'stats');

    // The public page a QR code on a package opens: no sign-in.
    const found = await licensee.request.post(`${base}/api/v1/Product/query`, {
      data: { filter: { state: 'approved' }, limit: 50 },
    });
    const items = ((await found.json()) as { data: { items: { key: string }[] } }).data.items;
    // A product of an active license: its page shows the verified state.
    let product: { key: string } | undefined;
    for (const item of items) {
      const answer = await licensee.request.get(`${base}/api/vc/verify/${item.key}`);
      if (((await answer.json()) as { data?: { state?: string } }).data?.state === 'valid') {
        product = item;
        break;
      }
    }
    if (!product) throw new Error('no product of an active license in the demo');
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await visitor.goto(`${base}/jp/verify/${product.key}`);
    await visitor.getByTestId('verify-state').waitFor();
    await shot(visitor, 'verify');
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
