import type { Browser, Page } from '@playwright/test';
import { api, personaAt, signAndCountersign, type Rec, ownDesignerKey } from './api-setup';
import { expect, test, type Persona } from './fixtures';

async function approve(browser: Browser, persona: Persona, kind: string, key: unknown): Promise<void> {
  // A protected page, so signing in goes through the provider (/en/help is public).
  const page = await personaAt(browser, persona, '/en/holder/sales');
  await api(page, 'POST', `/api/v1/Holder/approve/${kind}/${String(key)}`, { decision: 'approved' });
  await page.context().close();
}

/**
 * An active license (JP, TW) with an approved product, set up through the API as the people of
 * the flow would: holder publishes a primary IP, the designer makes a secondary IP under a usage
 * permit, the licensee applies, legal/cfl/boss approve, contract sent, signed and countersigned,
 * the product is approved by its designer then brand.
 */
async function reportable(browser: Browser, owner: Page, stamp: string): Promise<{ license: string; sku: string }> {
  const holder = await personaAt(browser, 'holder', '/en/holder/ip');
  const primary = await api<Rec>(holder, 'POST', '/api/v1/IP', { name: `Sales primary ${stamp}`, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${String(primary.key)}/publish`);

  const designer = await personaAt(browser, 'designer', '/en/designer/iplist');
  const designerKey = await ownDesignerKey(designer);
  const usage = await api<Rec>(designer, 'POST', '/api/v1/Usage', { ip: primary.key, designer: designerKey, purpose: 'Snacks' });
  await approve(browser, 'brand', 'usages', usage.key);
  const secondary = await api<Rec>(designer, 'POST', '/api/v1/IP', {
    name: `Sales IP ${stamp}`,
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
    territory: ['JP', 'TW'],
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
  const submitted = await api<Rec>(owner, 'POST', `/api/v1/Product/${String(product.key)}/submit`);
  if (submitted.state === 'designer_review') {
    // The IP's designer decides first (an engine without a designer on the product skips this step).
    const history = await api<{ reviews: { key: string; group: string; state: string }[] }>(
      designer,
      'GET',
      `/api/v1/Product/${String(product.key)}/history`,
    );
    const review = history.reviews.find((r) => r.group === 'designer' && r.state === 'pending');
    await api(designer, 'PATCH', `/api/v1/Review/${review!.key}/approved`, {});
  }
  await approve(browser, 'brand', 'products', product.key);

  await holder.context().close();
  await designer.context().close();
  return { license: String(license.key), sku: `CH-${stamp}` };
}

const csv = (lines: string[]) =>
  Buffer.from(['license,product,territory,units,gross_sales,net_sales', ...lines].join('\n'), 'utf8');

test('a licensee imports a royalty report file, sees the refused row, fixes it; cfl approves it', async ({ browser }) => {
  test.setTimeout(600_000);
  const stamp = Date.now().toString(36);
  const owner = await personaAt(browser, 'licenseeOwner', '/en/licensee/sales');
  const { license, sku } = await reportable(browser, owner, stamp);

  await owner.goto('/en/licensee/sales');
  // Other journeys share this organisation: the reports of this test are found by their file names.
  const badFile = `october-${stamp}.csv`;
  const goodFile = `october-fixed-${stamp}.csv`;
  const reportOf = (file: string) => owner.getByTestId('sales-report').filter({ hasText: file });
  await owner.getByTestId('sales-month').fill('2026-10');
  await owner.getByTestId('sales-tab-file').click();
  const bad = csv([`${license},${sku},JP,10,12000,10000`, `${license},${sku},US,5,6000,5000`]);
  await owner.getByTestId('sales-file-input').setInputFiles({ name: badFile, mimeType: 'text/csv', buffer: bad });
  await expect(owner.getByTestId('sales-preview')).toBeVisible();
  await expect(owner.getByTestId('sales-map-territory')).toHaveValue('territory');
  await owner.getByTestId('sales-import-submit').click();
  const refused = owner.getByTestId('sales-refused-row');
  await expect(refused).toHaveCount(1);
  await expect(refused.getByTestId('sales-refused-rownum')).toHaveText('3');
  await expect(refused.getByTestId('sales-refused-field')).toHaveText('Territory');
  await expect(owner.getByTestId('sales-report').or(owner.getByTestId('sales-reports-empty')).first()).toBeVisible();
  await expect(reportOf(badFile)).toHaveCount(0);

  const good = csv([`${license},${sku},JP,10,12000,10000`, `${license},${sku},TW,5,6000,5005`]);
  await owner.getByTestId('sales-file-input').setInputFiles({ name: goodFile, mimeType: 'text/csv', buffer: good });
  await owner.getByTestId('sales-import-submit').click();
  await expect(owner.getByTestId('sales-success')).toBeVisible();
  // The list is read again from the server (it may show reports other journeys sent meanwhile).
  await owner.reload();
  await expect(reportOf(goodFile)).toHaveCount(1);
  const reportKey = String(await reportOf(goodFile).getAttribute('data-key'));
  const report = owner.locator(`[data-testid=sales-report][data-key="${reportKey}"]`);
  await expect(report.getByTestId('sales-report-state')).toHaveAttribute('data-state', 'submitted');
  // 10% of 10,000 + 10% of 5,005 (500.5 → 501): earned 1,501, each row rounded half up.
  await expect(
    owner.locator(`[data-testid=sales-totals-row][data-license="${license}"]`).getByTestId('sales-totals-earned'),
  ).toHaveText('¥1,501');
  await owner.screenshot({ path: 'test-results/sales-licensee.png', fullPage: true });

  const cfl = await personaAt(browser, 'cfl', '/en/holder/sales');
  await cfl.locator(`[data-testid=queue-item][data-key="${reportKey}"]`).click();
  await cfl.getByTestId('decide-approved').click();
  await expect(cfl.getByTestId('decision-success')).toBeVisible();
  await cfl.getByTestId('holder-sales-tab-reports').click();
  await expect(
    cfl.locator(`[data-testid=sales-report][data-key="${reportKey}"]`).getByTestId('sales-report-state'),
  ).toHaveAttribute('data-state', 'approved');
  await cfl.screenshot({ path: 'test-results/sales-holder.png', fullPage: true });
  await cfl.context().close();

  await owner.reload();
  await expect(
    owner.locator(`[data-testid=sales-report][data-key="${reportKey}"]`).getByTestId('sales-report-state'),
  ).toHaveAttribute('data-state', 'approved');
  await owner.context().close();
});
