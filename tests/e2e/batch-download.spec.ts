import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test, signInAt, type Persona } from './fixtures';
import { signAndCountersign } from './api-setup';

type Envelope<T> = { status: number; data: T };
type Rec = Record<string, unknown>;

/** A tiny valid PNG (1×1), so the IP has a real stored original to ship. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function personaAt(browser: Browser, persona: Persona, path: string): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signInAt(page, persona, path);
  return page;
}

/** Setup through the API with the page's signed-in session cookie. */
async function api<T = Rec>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    ...(method === 'GET' ? {} : { data: data ?? {}, headers: { 'content-type': 'application/json' } }),
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.status, `${method} ${url}: ${JSON.stringify(body.data)}`).toBe(0);
  return body.data;
}

test('the licensee owner downloads the zip of an active license from licensee/ip', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const holder = await personaAt(browser, 'holder', '/jp/holder/ip');
  const file = await api<{ hash: string }>(holder, 'POST', '/api/core/storage/save', {
    name: 'hero.png',
    data: `data:image/png;base64,${PNG.toString('base64')}`,
  });
  const ip = await api<Rec>(holder, 'POST', '/api/v1/IP', {
    name: `Zip IP ${stamp}`,
    kind: 'primary',
    guidelines: 'Keep the colours.',
    images: [{ hash: file.hash, name: 'hero.png' }],
  });
  await api(holder, 'POST', `/api/v1/IP/${ip.key}/publish`);

  const owner = await personaAt(browser, 'licenseeOwner', '/jp/licensee/ip');
  const orgs = await api<{ items: Rec[] }>(owner, 'POST', '/api/v1/Licensee/query', {});
  const license = await api<Rec>(owner, 'POST', '/api/v1/License', {
    ip: ip.key,
    licensee: orgs.items[0]!.key,
    territory: ['JP'],
    term_start: '2026-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: 1000,
  });
  await api(owner, 'POST', `/api/v1/License/${license.key}/start_review`);
  for (const group of ['legal', 'cfl', 'boss'] as const) {
    const approver = await personaAt(browser, group, '/jp/holder/approve/license');
    await api(approver, 'POST', `/api/v1/Holder/approve/licenses/${license.key}`, { decision: 'approved' });
    await approver.context().close();
  }
  await api(holder, 'POST', `/api/v1/License/${license.key}/send_contract`);
  expect(await signAndCountersign(owner.request, holder.request, String(license.key))).toBe('active');

  await owner.goto('/jp/licensee/ip');
  const row = owner.locator(`[data-testid=download-row][data-license="${String(license.key)}"]`);
  await expect(row).toBeVisible();
  // The license's number finds its row alone, as the holder's staff would quote it on the phone.
  const number = (await row.getByTestId('reference').textContent())!.trim();
  await owner.getByTestId('download-search').fill(number);
  await expect(owner.getByTestId('download-row')).toHaveCount(1);
  await expect(row.getByTestId('download-files')).toHaveText('1');
  const download = owner.waitForEvent('download');
  await row.getByTestId('download-all').click();
  const saved = await download;
  const bytes = fs.readFileSync(await saved.path());
  expect(bytes.length).toBeGreaterThan(0);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(PNG)).toBe(true);
  await expect(owner.getByTestId('download-flash')).toContainText('ダウンロードが完了しました');

  await owner.goto('/en/licensee/ip');
  await expect(owner.getByTestId('download-all').first()).toHaveText('Download all');
});
