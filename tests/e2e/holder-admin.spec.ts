import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, signInAt } from './fixtures';
import { signAndCountersign } from './api-setup';

/** Calls the product API with the signed-in page's session cookie; fails the test on anything but status 0. */
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await request.fetch(path, { method, data: body });
  const answer = (await res.json()) as { status: number; data: T };
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.data)}`).toBe(0);
  return answer.data;
}

/** Picks a person in the add dialog by e-mail and adds them. */
async function addPerson(page: Page, email: string): Promise<void> {
  const dialog = page.getByTestId('add-person-dialog');
  await dialog.getByTestId('person-search').fill(email);
  await dialog.locator(`[data-testid=person-option][data-email="${email}"]`).click();
  await expect(dialog.getByTestId('person-selected')).toContainText(email);
  await dialog.getByTestId('person-add-submit').click();
  await expect(dialog).toBeHidden();
}

/** Waits for the admin log to answer, then counts the rows a locator matches (earlier runs may have left some). */
async function countWhenLoaded(page: Page, rows: Locator): Promise<number> {
  const log = page.getByTestId('holder-log');
  await expect(log.getByTestId('holder-log-row').or(log.getByTestId('holder-log-empty')).first()).toBeVisible();
  return rows.count();
}

test('[jp] an administrator adds a brand approver and removes them; the admin log records both', async ({ page }) => {
  await signInAt(page, 'admin', '/jp/holder/profile');
  const brand = page.getByTestId('group-approver-brand');
  const user = brand.locator('[data-testid=group-approver-brand-person][data-email="user@example.com"]');
  await expect(brand.getByTestId('group-approver-brand-person').first()).toBeVisible();
  await expect(user).toHaveCount(0);
  const log = page.getByTestId('holder-log');
  const entries = (action: string) =>
    log
      .locator(`[data-testid=holder-log-row][data-action="${action}"]`)
      .filter({ hasText: 'user@example.com' })
      .filter({ hasText: '承認者（ブランド）' });
  const addsBefore = await countWhenLoaded(page, entries('holder.approver.add'));
  const removesBefore = await entries('holder.approver.remove').count();

  await brand.getByTestId('group-approver-brand-add').click();
  await addPerson(page, 'user@example.com');
  await expect(page.getByTestId('role-message')).toContainText('承認者（ブランド）に追加しました');
  await expect(user).toBeVisible();
  await expect(user).toContainText('一般 太郎');

  await expect(entries('holder.approver.add')).toHaveCount(addsBefore + 1);
  // Newest first: the entry just written is the top row, with who did it and to whom.
  const newest = log.getByTestId('holder-log-row').first();
  await expect(newest).toHaveAttribute('data-action', 'holder.approver.add');
  await expect(newest.getByTestId('holder-log-person')).toContainText('user@example.com');
  await expect(newest).toContainText('admin@example.com');

  await user.getByTestId('group-approver-brand-remove').click();
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByTestId('role-message')).toContainText('承認者（ブランド）から削除しました');
  await expect(user).toHaveCount(0);
  await expect(entries('holder.approver.remove')).toHaveCount(removesBefore + 1);
  await expect(newest).toHaveAttribute('data-action', 'holder.approver.remove');
  await expect(newest.getByTestId('holder-log-person')).toContainText('user@example.com');

  // The search narrows the log to matching entries.
  await log.getByTestId('holder-log-search').fill('approver.remove');
  await expect(log.locator('[data-testid=holder-log-row][data-action="holder.approver.add"]')).toHaveCount(0);
  await expect(newest).toHaveAttribute('data-action', 'holder.approver.remove');
});

test('[en] the legal manager changes only the legal approvers', async ({ page }) => {
  await signInAt(page, 'legalManager', '/en/holder/profile');
  const legal = page.getByTestId('group-approver-legal');
  await expect(legal.getByTestId('group-approver-legal-add')).toBeVisible();
  await expect(legal.getByTestId('group-approver-legal-remove').first()).toBeVisible();
  for (const id of ['approver-brand', 'approver-cfl', 'approver-boss', 'manager-legal', 'manager-brand', 'manager-cfl']) {
    const card = page.getByTestId(`group-${id}`);
    await expect(card.getByTestId(`group-${id}-person`).first()).toBeVisible();
    await expect(card.getByTestId(`group-${id}-add`)).toHaveCount(0);
    await expect(card.getByTestId(`group-${id}-remove`)).toHaveCount(0);
  }
  await expect(page.getByTestId('group-contract-add')).toHaveCount(0);

  const entries = (action: string) =>
    page
      .locator(`[data-testid=holder-log-row][data-action="${action}"]`)
      .filter({ hasText: 'legal-manager@example.com' })
      .filter({ hasText: 'user@example.com' });
  const addsBefore = await countWhenLoaded(page, entries('holder.approver.add'));
  const removesBefore = await entries('holder.approver.remove').count();

  await legal.getByTestId('group-approver-legal-add').click();
  await addPerson(page, 'user@example.com');
  await expect(page.getByTestId('role-message')).toContainText('was added to Legal approvers');
  const user = legal.locator('[data-testid=group-approver-legal-person][data-email="user@example.com"]');
  await expect(user).toBeVisible();
  await expect(entries('holder.approver.add')).toHaveCount(addsBefore + 1);

  // And takes them off again, leaving the group as it was.
  await user.getByTestId('group-approver-legal-remove').click();
  await page.getByTestId('dialog-confirm').getByRole('button', { name: 'Ok', exact: true }).click();
  await expect(page.getByTestId('role-message')).toContainText('was removed from Legal approvers');
  await expect(user).toHaveCount(0);
  await expect(entries('holder.approver.remove')).toHaveCount(removesBefore + 1);
});

test("[en] the holder's sales page bills the licensee the sum of its reported royalties", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInAt(page, 'holder', '/en/holder/sales');
  const ip = await api<{ key: string }>(page.request, 'POST', '/api/v1/IP', {
    name: `Sales e2e IP ${Date.now()}`,
    kind: 'primary',
  });
  await api(page.request, 'POST', `/api/v1/IP/${ip.key}/publish`);

  // A period of its own, so that reports of other tests do not count.
  const year = 2040 + Math.floor(Math.random() * 50);
  const owner = await browser.newContext();
  const licensee = await owner.newPage();
  await signInAt(licensee, 'licenseeOwner', '/en/licensee/list');
  const orgs = await api<{ items: { key: string; name: string }[] }>(licensee.request, 'POST', '/api/v1/Licensee/query', {});
  const org = orgs.items.find((o) => o.name === 'Demo Snacks Manufacturing Co.')!;
  const license = await api<{ key: string }>(licensee.request, 'POST', '/api/v1/License', {
    ip: ip.key,
    licensee: org.key,
    territory: ['JP'],
    term_start: `${year}-01-01`,
    term_end: `${year}-12-31`,
    royalty_rate_bp: 750,
    currency: 'JPY',
  });
  // The license goes through its reviewers and the contract steps to active.
  await api(licensee.request, 'POST', `/api/v1/License/${license.key}/start_review`);
  const decide = async (persona: 'legal' | 'cfl' | 'boss' | 'brand', kind: string, key: string) => {
    const context = await browser.newContext();
    const reviewer = await context.newPage();
    await signInAt(reviewer, persona, '/en/holder/approve/license');
    await api(reviewer.request, 'POST', `/api/v1/Holder/approve/${kind}/${key}`, { decision: 'approved' });
    await context.close();
  };
  for (const persona of ['legal', 'cfl', 'boss'] as const) await decide(persona, 'licenses', license.key);
  await api(page.request, 'POST', `/api/v1/License/${license.key}/send_contract`);
  expect(await signAndCountersign(licensee.request, page.request, String(license.key))).toBe('active');
  const sku = `CC-${Date.now()}`;
  const product = await api<{ key: string }>(licensee.request, 'POST', '/api/v1/Product', {
    license: license.key,
    name: 'Consommé chips',
    sku,
  });
  // A primary IP has no designer: the product goes straight to brand.
  await api(licensee.request, 'POST', `/api/v1/Product/${product.key}/submit`);
  await decide('brand', 'products', product.key);
  const report = (month: string, units: number, net: number) =>
    api(licensee.request, 'POST', '/api/sales/report', {
      licensee: org.key,
      period_start: `${year}-${month}-01`,
      period_end: `${year}-${month}-28`,
      rows: [{ license: license.key, product: sku, territory: 'JP', units, gross_sales: net, net_sales: net }],
    });
  await report('04', 1200, 1_234_567);
  await report('05', 800, 876_543);
  const rows = await api<{ items: { royalty: number }[] }>(licensee.request, 'POST', '/api/v1/Sales/query', {
    filter: { license: license.key },
  });
  await owner.close();
  const total = rows.items.reduce((sum, r) => sum + r.royalty, 0);
  // 7.5% of each month's net sales, rounded half up per row.
  expect(total).toBe(92_593 + 65_741);

  await page.reload();
  await page.getByTestId('holder-sales-tab-bill').click();
  await page.getByTestId('bill-filter-from').fill(`${year}-01-01`);
  await page.getByTestId('bill-filter-to').fill(`${year}-12-31`);
  const bill = page.getByTestId('sales-bill');
  await expect(bill.getByTestId('sales-bill-row')).toHaveCount(2);
  const totalRow = bill.locator(`[data-testid=sales-bill-total][data-licensee="${org.key}"][data-currency="JPY"]`);
  await expect(totalRow).toContainText(org.name);
  const yen = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' });
  await expect(totalRow.getByTestId('sales-bill-total-royalty')).toHaveText(yen.format(total));
  await expect(page.getByTestId('sales-row')).toHaveCount(2);
  await expect(page.getByTestId('sales-rows')).toContainText('Consommé chips');
  await expect(page.getByTestId('sales-rows')).toContainText('Submitted');

  // No report of that year is approved yet: the state filter empties both tables.
  await page.getByTestId('bill-filter-state').selectOption('approved');
  await expect(page.getByTestId('sales-bill-empty')).toBeVisible();
  await expect(page.getByTestId('sales-rows-empty')).toBeVisible();
});

test('[en] a designer gets Permission Denied on the sales page', async ({ page }) => {
  await signInAt(page, 'designer', '/en/designer/gallery');
  await page.goto('/en/holder/sales');
  await expect(page.getByTestId('permission-denied')).toContainText('Permission Denied');
  await expect(page.getByTestId('holder-sales')).toHaveCount(0);
});
