import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { api, personaAt } from './api-setup';
import { expect, test } from './fixtures';

/**
 * People find records by the numbers they read, never by keys: a licensee finds its license by
 * the reference in its notification and in the contract PDF (read with pdftotext); an approver
 * tells two requests for the same IP apart by licensee. Setup goes through the API; the journeys
 * only use what the pages show.
 */

// A record key is a run of exactly 48 letters and digits; a contract's SHA-256 (64 hex digits,
// shown so it can be checked outside the platform) is evidence, not a key.
const KEY = /(?<![A-Za-z0-9])[A-Za-z0-9]{48}(?![A-Za-z0-9])/;
const SHOTS = process.env.REFS_SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** What a person reads on the page holds no key. */
async function expectNoKeyShown(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text.match(KEY)?.[0] ?? null).toBeNull();
}

function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'refs-pdf-')), 'contract.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('a licensee finds its license by the number in its notification and on the contract PDF (jp, then en)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const ipName = `番号キャラ ${stamp}`;

  // Setup through the API: a published IP, a license applied for by the owner, approved and sent.
  const holder = await personaAt(browser, 'holder', '/jp/holder/ip');
  const ip = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', { name: ipName, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${ip.key}/publish`);
  const owner = await personaAt(browser, 'licenseeOwner', '/jp/licensee/list');
  const orgs = await api<{ items: { key: string }[] }>(owner, 'POST', '/api/v1/Licensee/query', { limit: 10 });
  const license = await api<{ key: string }>(owner, 'POST', '/api/v1/License', {
    ip: ip.key,
    licensee: orgs.items[0]!.key,
    territory: ['JP'],
    term_start: '2027-04-01',
    term_end: '2028-03-31',
    royalty_rate_bp: 800,
    currency: 'JPY',
  });
  await api(owner, 'POST', `/api/v1/License/${license.key}/start_review`);
  for (const persona of ['legal', 'cfl', 'boss'] as const) {
    const reviewer = await personaAt(browser, persona, '/jp/holder/approve/license');
    await api(reviewer, 'POST', `/api/v1/Holder/approve/licenses/${license.key}`, { decision: 'approved' });
    await reviewer.context().close();
  }
  await api(holder, 'POST', `/api/v1/License/${license.key}/send_contract`);

  // The licensee opens the bell: the notification names the license by number and IP.
  await owner.goto('/jp');
  await owner.getByTestId('notify-bell').click();
  const viewer = owner.getByTestId('notify-viewer');
  const item = viewer.locator('[data-testid^="notify-item-"]').filter({ hasText: ipName }).filter({ hasText: '契約書送付済み' });
  await expect(item).toHaveCount(1);
  const subject = await item.innerText();
  const reference = /LIC-\d{4}-\d{4}/.exec(subject)?.[0];
  expect(reference, subject).toBeTruthy();
  await item.click();
  await expect(viewer.getByTestId('notify-content')).toContainText(reference!);
  await shot(owner, 'notification-reference');
  await expectNoKeyShown(owner);
  await owner.keyboard.press('Escape');

  // On the license list the number finds exactly that license, typed as a person might (lower case).
  await owner.goto('/jp/licensee/list');
  await owner.getByTestId('record-search').fill(reference!.toLowerCase());
  const rows = owner.getByTestId('license-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId('reference')).toHaveText(reference!);
  await expect(rows.getByTestId('license-ip')).toHaveText(ipName);
  await shot(owner, 'license-list-search');
  await expectNoKeyShown(owner);

  // Its detail carries the number; the contract PDF opened from it prints the same 契約番号.
  await rows.getByTestId('license-ip').click();
  const detail = owner.getByTestId('license-detail');
  await expect(detail.getByTestId('reference')).toHaveText(reference!);
  // The PDF the link opens is read as it arrives (the browser's viewer would show it, not hand it over).
  let pdf: Buffer | null = null;
  await owner.context().route(/\/api\/pdf\/[^/?]+(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (response.headers()['content-type'] === 'application/pdf') pdf = body;
    await route.fulfill({ response, body });
  });
  await detail.getByTestId('contract-open').click();
  await expect.poll(() => pdf !== null, { timeout: 30_000 }).toBe(true);
  const text = pdfText(pdf!);
  expect(text).toContain(`契約番号 ${reference}`);
  expect(text).toContain(ipName);
  expect(text.match(KEY)?.[0] ?? null).toBeNull();
  await expectNoKeyShown(owner);

  // The number read off the PDF finds the license in English too, full-width as a Japanese keyboard types it.
  const printed = /契約番号\s+(\S+)/.exec(text)![1]!;
  await owner.goto('/en/licensee/list');
  const fullWidth = printed.replace(/[A-Z0-9-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
  await owner.getByTestId('record-search').fill(fullWidth);
  await expect(owner.getByTestId('license-row')).toHaveCount(1);
  await expect(owner.getByTestId('license-row').getByTestId('reference')).toHaveText(reference!);
  await expect(owner.getByTestId('license-state')).toHaveText('Contract sent');
  await expectNoKeyShown(owner);
});

test('an approver tells two license requests for the same IP apart by licensee (en, then jp)', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const ipName = `Twin Request ${stamp}`;
  const rival = `Crunch Foods ${stamp}`;

  // Setup: one IP, two organisations, one license request from each.
  const holder = await personaAt(browser, 'holder', '/en/holder/ip');
  const ip = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', { name: ipName, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${ip.key}/publish`);
  const other = await api<{ key: string }>(holder, 'POST', '/api/v1/Licensee', { name: rival });
  const demo = await api<{ items: { key: string }[] }>(holder, 'POST', '/api/v1/Licensee/query', {
    filter: { name: 'Demo Snacks Manufacturing Co.' },
  });
  for (const licensee of [demo.items[0]!.key, other.key]) {
    const license = await api<{ key: string }>(holder, 'POST', '/api/v1/License', {
      ip: ip.key,
      licensee,
      territory: ['JP'],
      term_start: '2027-01-01',
      term_end: '2027-12-31',
      royalty_rate_bp: 1000,
      currency: 'JPY',
    });
    await api(holder, 'POST', `/api/v1/License/${license.key}/start_review`);
  }

  // Legal's queue: two items with the same IP, each with its reference and its licensee.
  const legal = await personaAt(browser, 'legal', '/en/holder/approve/license');
  const items = legal.getByTestId('queue-item').filter({ hasText: ipName });
  await expect(items).toHaveCount(2);
  const counterparties = await items.getByTestId('queue-counterparty').allInnerTexts();
  expect(counterparties.sort()).toEqual(['Demo Snacks Manufacturing Co.', rival].sort());
  const numbers = (await items.allInnerTexts()).map((t) => /LIC-\d{4}-\d{4}/.exec(t)?.[0]);
  expect(new Set(numbers).size).toBe(2);
  await shot(legal, 'queue-two-requests');
  await expectNoKeyShown(legal);

  // Searching by the rival's name leaves its request alone; the decision names it by number and licensee.
  await legal.getByTestId('queue-search').fill('crunch');
  await expect(items).toHaveCount(1);
  const rivalNumber = /LIC-\d{4}-\d{4}/.exec(await items.innerText())![0];
  await items.click();
  await expect(legal.getByTestId('detail-name')).toContainText(rivalNumber);
  await expect(legal.getByTestId('detail-name')).toContainText(rival);
  await expect(legal.locator('.breadcrumb')).toContainText(rivalNumber);
  await legal.getByTestId('decide-approved').click();
  await expect(legal.getByTestId('decision-success')).toContainText(`${rivalNumber} ${ipName} / ${rival}`);
  await expectNoKeyShown(legal);

  // In Japanese the other request waits, named by its organisation.
  await legal.goto('/jp/holder/approve/license');
  const left = legal.getByTestId('queue-item').filter({ hasText: ipName });
  await expect(left).toHaveCount(1);
  await expect(left.getByTestId('queue-counterparty')).toHaveText('Demo Snacks Manufacturing Co.');
  await expect(left).not.toContainText(rivalNumber);
  await shot(legal, 'queue-one-left-jp');
  await expectNoKeyShown(legal);
});
