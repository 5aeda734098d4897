import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { api, call, personaAt, signAndCountersign, type Rec, ownDesignerKey } from './api-setup';
import { expect, test, type Persona } from './fixtures';

const sessions = new Map<Persona, Page>();

/** One signed-in page per approver for the whole journey. */
async function sessionOf(browser: Browser, persona: Persona): Promise<Page> {
  let page = sessions.get(persona);
  if (!page) {
    page = await personaAt(browser, persona, '/en/holder/invoice');
    sessions.set(persona, page);
  }
  return page;
}

async function approve(browser: Browser, persona: Persona, kind: string, key: unknown): Promise<void> {
  await api(await sessionOf(browser, persona), 'POST', `/api/v1/Holder/approve/${kind}/${String(key)}`, { decision: 'approved' });
}

/**
 * An approved royalty report of 2026-Q1 for a product of an active license on a secondary IP
 * (a product's first review is by the IP's designer, so the IP is the designer's).
 */
async function approvedSales(browser: Browser, owner: Page, stamp: string): Promise<{ org: string }> {
  const holder = await sessionOf(browser, 'holder');
  const primary = await api<Rec>(holder, 'POST', '/api/v1/IP', { name: `Invoice primary ${stamp}`, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${String(primary.key)}/publish`);

  const designer = await personaAt(browser, 'designer', '/en/designer/iplist');
  const designerKey = await ownDesignerKey(designer);
  const usage = await api<Rec>(designer, 'POST', '/api/v1/Usage', { ip: primary.key, designer: designerKey, purpose: 'Snacks' });
  await approve(browser, 'brand', 'usages', usage.key);
  const secondary = await api<Rec>(designer, 'POST', '/api/v1/IP', {
    name: `Invoice IP ${stamp}`,
    kind: 'secondary',
    designer: designerKey,
    parent: primary.key,
  });
  await api(designer, 'POST', `/api/v1/IP/${String(secondary.key)}/submit`);
  for (const group of ['brand', 'legal'] as const) await approve(browser, group, 'ips', secondary.key);

  const orgs = await api<{ items: Rec[] }>(owner, 'POST', '/api/v1/Licensee/query', {});
  const org = String(orgs.items[0]!.key);
  const license = await api<Rec>(owner, 'POST', '/api/v1/License', {
    ip: secondary.key,
    licensee: org,
    designer: designerKey,
    territory: ['JP'],
    term_start: '2026-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: 1000,
  });
  await api(owner, 'POST', `/api/v1/License/${String(license.key)}/start_review`);
  for (const group of ['legal', 'cfl', 'boss'] as const) await approve(browser, group, 'licenses', license.key);
  await api(holder, 'POST', `/api/v1/License/${String(license.key)}/send_contract`);
  expect(await signAndCountersign(owner.request, holder.request, String(license.key))).toBe('active');

  const product = await api<Rec>(owner, 'POST', '/api/v1/Product', {
    license: license.key,
    name: `Chips ${stamp}`,
    sku: `CH-${stamp}`,
  });
  await api(owner, 'POST', `/api/v1/Product/${String(product.key)}/submit`);
  // The designer decides on their own review (designers have no holder approval queue route).
  const history = await api<{ reviews: { key: string; group: string; state: string }[] }>(
    designer,
    'GET',
    `/api/v1/Product/${String(product.key)}/history`,
  );
  const review = history.reviews.find((r) => r.group === 'designer' && r.state === 'pending');
  await api(designer, 'PATCH', `/api/v1/Review/${review!.key}/approved`, {});
  await approve(browser, 'brand', 'products', product.key);

  const report = await call<Rec>(owner, 'POST', '/api/sales/report', {
    licensee: org,
    period_start: '2026-01-01',
    period_end: '2026-03-31',
    rows: [{ license: license.key, product: product.key, territory: 'JP', units: 100, gross_sales: 120_000, net_sales: 100_000 }],
  });
  expect(report.body?.status, JSON.stringify(report.body?.data)).toBe(0);
  await approve(browser, 'cfl', 'reports', report.body!.data.key);
  return { org };
}

async function decideInQueue(browser: Browser, persona: Persona): Promise<void> {
  const page = await sessionOf(browser, persona);
  await page.goto('/en/holder/invoice');
  await page.getByTestId('tab-queue').click();
  await page.getByTestId('queue-item').first().click();
  await page.getByTestId('decide-approved').click();
  await expect(page.getByTestId('decision-success')).toBeVisible();
}

test('an invoice is built from approved sales, approved by cfl then boss, and downloaded as PDF', async ({ browser }) => {
  test.setTimeout(480_000);
  const stamp = Date.now().toString(36);
  const owner = await personaAt(browser, 'licenseeOwner', '/en/licensee/invoice');
  await approvedSales(browser, owner, stamp);

  await owner.goto('/en/licensee/invoice');
  await owner.getByTestId('invoice-period-start').fill('2026-01-01');
  await owner.getByTestId('invoice-period-end').fill('2026-03-31');
  await owner.getByTestId('invoice-preview').click();
  // Royalty 10% of 100,000 = 10,000; 10% consumption tax: 11,000.
  await expect(owner.getByTestId('invoice-preview').getByTestId('breakdown-total')).toHaveText('¥11,000');
  await owner.getByTestId('invoice-create').click();
  await expect(owner.getByTestId('invoice-flash')).toContainText('Invoice created as a draft.');
  const row = owner.getByTestId('invoice-row').first();
  await expect(row).toHaveAttribute('data-state', 'draft');
  await expect(row.getByTestId('invoice-amount')).toHaveText('¥11,000');
  await row.getByTestId('invoice-submit').click();
  await owner.locator('[data-testid=dialog-confirm] .btn-primary').click();
  await expect(row).toHaveAttribute('data-state', 'submitted');

  await decideInQueue(browser, 'cfl');
  await decideInQueue(browser, 'boss');

  await owner.reload();
  await expect(owner.getByTestId('invoice-row').first()).toHaveAttribute('data-state', 'approved');
  await expect(owner.getByTestId('invoice-state').first()).toHaveText('Approved');
  const download = owner.waitForEvent('download');
  await owner.getByTestId('invoice-pdf').first().click();
  const pdf = fs.readFileSync(await (await download).path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // holder@ (neither CFL nor an administrator) sees it approved but is not offered 支払済みにする.
  const holder = await sessionOf(browser, 'holder');
  await holder.goto('/jp/holder/invoice');
  const approvedRow = holder.getByTestId('invoice-row').first();
  await expect(approvedRow).toHaveAttribute('data-state', 'approved');
  await expect(approvedRow.getByTestId('invoice-details')).toBeVisible();
  await expect(approvedRow.getByTestId('invoice-mark-paid')).toHaveCount(0);
  await holder.context().close();

  // The holder side sees the same amount; cfl marks it paid.
  const cfl = await sessionOf(browser, 'cfl');
  await cfl.goto('/jp/holder/invoice');
  const holderRow = cfl.getByTestId('invoice-row').first();
  await expect(holderRow.getByTestId('invoice-amount')).toHaveText('￥11,000');
  await holderRow.getByTestId('invoice-mark-paid').click();
  await cfl.locator('[data-testid=dialog-confirm] .btn-primary').click();
  await expect(holderRow).toHaveAttribute('data-state', 'paid');
  await expect(holderRow.getByTestId('invoice-state')).toHaveText('支払済み');
});
