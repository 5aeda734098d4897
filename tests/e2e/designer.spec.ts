import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, signInAt, type Persona } from './fixtures';
import { signAndCountersign } from './api-setup';

interface Envelope<T = Record<string, unknown>> {
  status: number;
  data: T;
}
type Rec = Record<string, unknown>;

const DEMO_ORG = 'Demo Snacks Manufacturing Co.';

/** One person in their own browser context, signed in on the given page. */
async function personaAt(browser: Browser, persona: Persona, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, persona, path);
  return page;
}

/** Setup through the API with the signed-in session cookie of the page's context. */
async function api<T = Rec>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, data: data ?? {}, headers: { 'content-type': 'application/json' } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.status, `${method} ${url}: ${JSON.stringify(body.data)}`).toBe(0);
  return body.data;
}

async function artwork(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 60, g: 150, b: 236 } } })
    .png()
    .toBuffer();
}

test('[jp] the designer journey: permit, secondary IP, gallery2, license application, product approval', async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const primaryName = `一次IP ${stamp}`;
  const secondaryName = `二次IP ${stamp}`;
  const productName = `ポテトチップス ${stamp}`;

  // The holder publishes a primary IP with guidelines.
  const holder = await personaAt(browser, 'holder', '/jp/holder/approve/ip');
  const primary = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', {
    name: primaryName,
    kind: 'primary',
    description: 'おなじみのキャラクター',
    guidelines: 'ロゴの比率は変えないこと。',
    categories: ['キャラクター'],
  });
  await api(holder, 'POST', `/api/v1/IP/${primary.key}/publish`);

  // The designer registers their profile (if needed) and asks for a permit from the gallery.
  const designer = await personaAt(browser, 'designer', '/jp/designer/iplist');
  // The demo designer holds its designer record (issued by its designer application).
  await expect(designer.getByTestId('ip-new')).toBeVisible();
  await designer.goto('/jp/designer/gallery');
  await designer.getByTestId('gallery-search').fill(stamp);
  const card = designer.getByTestId('ip-card').filter({ hasText: primaryName });
  await expect(card).toHaveCount(1);
  await card.getByTestId('ip-card-open').click();
  const detail = designer.getByTestId('gallery-detail');
  await expect(detail.getByTestId('gallery-detail-name')).toHaveText(primaryName);
  await expect(detail.getByTestId('gallery-detail-guidelines')).toContainText('ロゴの比率は変えないこと。');
  await detail.getByTestId('permit-submit').click();
  await expect(detail.getByTestId('permit-purpose-error')).toHaveText('必須項目です。');
  await detail.getByTestId('permit-purpose').fill('季節限定パッケージのイラストに使います。');
  await detail.getByTestId('permit-submit').click();
  await expect(designer.getByTestId('permit-requested')).toContainText(primaryName);
  await expect(card.getByTestId('ip-card-permit-state')).toHaveText('申請中');
  // Opened again, it shows the pending permit instead of a second request.
  await card.getByTestId('ip-card-open').click();
  await expect(detail.getByTestId('permit-state')).toHaveText('申請中');
  await expect(detail.getByTestId('permit-form')).toHaveCount(0);
  await detail.getByTestId('gallery-detail-close').click();

  await designer.goto('/jp/designer/usage');
  const usageRow = designer.getByTestId('usage-row').filter({ hasText: primaryName });
  await expect(usageRow.getByTestId('usage-state')).toHaveText('申請中');
  const usageKey = await usageRow.getAttribute('data-key');

  // Brand approves it on the "Usage permits" tab of holder/approve/ip.
  const brand = await personaAt(browser, 'brand', '/jp/holder/approve/ip');
  await expect(brand.getByTestId('tab-ips')).toContainText('二次IP');
  await brand.getByTestId('tab-usages').click();
  await expect(brand.getByTestId('approval-usages')).toBeVisible();
  await brand.locator(`[data-testid=queue-item][data-key="${usageKey}"]`).click();
  await brand.getByTestId('decide-approved').click();
  await expect(brand.getByTestId('decision-success')).toBeVisible();

  await designer.reload();
  await expect(usageRow.getByTestId('usage-state')).toHaveText('承認済み');

  // The designer creates a secondary IP with an image from the permitted primary and submits it.
  await designer.goto('/jp/designer/iplist');
  await designer.getByTestId('ip-new').click();
  await designer.getByTestId('ip-parent').selectOption({ label: primaryName });
  await designer.getByTestId('ip-name').fill(secondaryName);
  await designer.getByTestId('ip-description').fill('季節のリミックス');
  await designer
    .getByTestId('ip-images-input')
    .setInputFiles({ name: 'remix.png', mimeType: 'image/png', buffer: await artwork() });
  await expect(designer.getByTestId('ip-image')).toHaveCount(1);
  await designer.getByTestId('ip-save').click();
  await expect(designer.getByTestId('ip-detail-name')).toHaveText(new RegExp(`^IP-\\d{4}-\\d{4} ${secondaryName}$`)); // its reference, then its name
  await designer.getByTestId('ip-submit').click();
  await expect(designer.getByTestId('ip-detail')).toHaveAttribute('data-state', 'submitted');
  const secondaryKey = String(new URL(designer.url()).searchParams.get('ip'));

  // Brand and legal approve it.
  await api(brand, 'POST', `/api/v1/Holder/approve/ips/${secondaryKey}`, { decision: 'approved' });
  const legal = await personaAt(browser, 'legal', '/jp/holder/approve/ip');
  await api(legal, 'POST', `/api/v1/Holder/approve/ips/${secondaryKey}`, { decision: 'approved' });

  // The holder tags it for a campaign; the designer's own list shows the tag and filters by it.
  const campaign = await api<{ key: string }>(holder, 'POST', '/api/v1/Tag', {
    name_jp: `新春キャンペーン ${stamp}`,
    name_en: `New Year campaign ${stamp}`,
    color: '#cc3333',
  });
  await api(holder, 'POST', `/api/tag/assign/${campaign.key}`, { entity: 'IP', key: secondaryKey });
  await designer.goto('/jp/designer/iplist');
  await designer.getByTestId('ip-tag-filter').selectOption({ label: `新春キャンペーン ${stamp}` });
  await expect(designer.getByTestId('ip-row')).toHaveCount(1);
  await expect(designer.getByTestId('ip-row').getByTestId('ip-row-tag')).toHaveText(`新春キャンペーン ${stamp}`);
  await expect(designer.getByTestId('ip-row').getByTestId('ip-name-cell')).toHaveText(secondaryName);

  // It shows in gallery2 with its designer.
  await designer.goto('/jp/designer/gallery2');
  await designer.getByTestId('gallery-search').fill(secondaryName);
  const secondaryCard = designer.getByTestId('ip-card').filter({ hasText: secondaryName });
  await expect(secondaryCard).toHaveCount(1);
  await expect(secondaryCard.getByTestId('ip-card-designer-link')).toHaveAttribute('href', /^\/jp\/designer\/[A-Za-z0-9]+$/);
  await expect(secondaryCard.getByTestId('ip-card-image')).toHaveJSProperty('complete', true);

  // The demo organisation invites the designer as its designer: only then is it offered in an application.
  const inviter = await personaAt(browser, 'licenseeOwner', '/jp/licensee/admin/profile');
  const demoOrg = await api<{ items: { key: string }[] }>(inviter, 'POST', '/api/v1/Licensee/query', {
    filter: { name: DEMO_ORG },
  });
  await api(inviter, 'POST', '/api/invite/licensee-designer', {
    email: 'designer@example.com',
    licensee: demoOrg.items[0]!.key,
    lang: 'jp',
  });
  await inviter.context().close();

  // The designer applies for a license for the demo organisation.
  await designer.goto('/jp/designer/license');
  await designer.getByTestId('license-ip').selectOption({ label: secondaryName });
  await designer.getByTestId('license-licensee').selectOption({ label: DEMO_ORG });
  await designer.getByTestId('license-territory-JP').check();
  await designer.getByTestId('license-channels').fill('コンビニ');
  await designer.getByTestId('license-categories').fill('スナック菓子');
  await designer.getByTestId('license-term-start').fill('2027-01-01');
  await designer.getByTestId('license-term-end').fill('2027-12-31');
  await designer.getByTestId('license-rate').fill('8');
  await designer.getByTestId('license-submit').click();
  await expect(designer.getByTestId('license-applied')).toContainText(secondaryName);
  const licenseRow = designer.getByTestId('license-row').filter({ hasText: secondaryName });
  await expect(licenseRow.getByTestId('license-row-state')).toHaveText('審査中');
  await expect(licenseRow.getByTestId('license-row-licensee')).toHaveText(DEMO_ORG);
  await expect(licenseRow).toContainText('8%');
  const licenseKey = String(await licenseRow.getAttribute('data-key'));
  await licenseRow.getByTestId('license-row-history').click();
  await expect(designer.getByTestId('history-panel')).toBeVisible();

  // Legal, CFL and the approver approve; the holder sends the contract, the licensee signs, the holder countersigns.
  await api(legal, 'POST', `/api/v1/Holder/approve/licenses/${licenseKey}`, { decision: 'approved' });
  const cfl = await personaAt(browser, 'cfl', '/jp/holder/approve/license');
  await api(cfl, 'POST', `/api/v1/Holder/approve/licenses/${licenseKey}`, { decision: 'approved' });
  const boss = await personaAt(browser, 'boss', '/jp/holder/approve/license');
  await api(boss, 'POST', `/api/v1/Holder/approve/licenses/${licenseKey}`, { decision: 'approved' });
  await api(holder, 'POST', `/api/v1/License/${licenseKey}/send_contract`);
  const licensee = await personaAt(browser, 'licenseeOwner', '/jp/profile');
  expect(await signAndCountersign(licensee.request, holder.request, licenseKey)).toBe('active');

  // The licensee registers a product on it and submits it to the designer.
  const product = await api<{ key: string }>(licensee, 'POST', '/api/v1/Product', {
    license: licenseKey,
    name: productName,
    sku: `SKU-${stamp}`,
    category: 'スナック菓子',
    price: 198,
  });
  await api(licensee, 'POST', `/api/v1/Product/${product.key}/submit`);

  // The designer approves it on designer/product.
  await designer.goto('/jp/designer/product');
  const waiting = designer.getByTestId('product-waiting').filter({ hasText: productName });
  await expect(waiting.getByTestId('product-licensee')).toHaveText(DEMO_ORG);
  await expect(waiting.getByTestId('product-sku')).toHaveText(`SKU-${stamp}`);
  await waiting.getByTestId('product-decide-rejected').click();
  await expect(waiting.getByTestId('product-comment-error')).toBeVisible();
  await waiting.getByTestId('product-comment').fill('かわいくできています。');
  await waiting.getByTestId('product-decide-approved').click();
  await expect(designer.getByTestId('product-decided')).toContainText(productName);
  await expect(waiting).toHaveCount(0);
  const decidedRow = designer.getByTestId('product-row').filter({ hasText: productName });
  await expect(decidedRow.getByTestId('product-row-state')).toHaveText('ホルダー審査中');

  // Key labels in English.
  await designer.goto('/en/designer/product');
  await expect(designer.getByTestId('product-row').filter({ hasText: productName }).getByTestId('product-row-state')).toHaveText(
    'Holder review',
  );
  await expect(designer.getByTestId('product-waiting-empty')).toContainText('Nothing waits for you.');
  await designer.goto('/en/designer/usage');
  await expect(designer.getByTestId('usage-row').filter({ hasText: primaryName }).getByTestId('usage-state')).toHaveText(
    'Approved',
  );
  await brand.goto('/en/holder/approve/ip');
  await expect(brand.getByTestId('tab-usages')).toContainText('Usage permits');
  await expect(brand.getByTestId('tab-ips')).toContainText('Secondary IPs');
});

test('[en] a rejected permit shows the brand comment as the reason; the gallery filters by name', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const primaryName = `Refused primary ${stamp}`;
  const holder = await personaAt(browser, 'holder', '/en/holder/approve/ip');
  const primary = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', { name: primaryName, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${primary.key}/publish`);
  const tag = await api<{ key: string }>(holder, 'POST', '/api/v1/Tag', {
    name_jp: `秋 ${stamp}`,
    name_en: `Autumn ${stamp}`,
    color: '#ff8800',
  });
  await api(holder, 'POST', `/api/tag/assign/${tag.key}`, { entity: 'IP', key: primary.key });

  const designer = await personaAt(browser, 'designer', '/en/designer/usage');
  await designer.getByTestId('permit-submit').click();
  await expect(designer.getByTestId('permit-ip-error')).toHaveText('This field is required.');
  await expect(designer.getByTestId('permit-purpose-error')).toHaveText('This field is required.');
  await designer.getByTestId('permit-ip').selectOption({ label: primaryName });
  await designer.getByTestId('permit-purpose').fill('Merchandise');
  await designer.getByTestId('permit-submit').click();
  const row = designer.getByTestId('usage-row').filter({ hasText: primaryName });
  await expect(row.getByTestId('usage-state')).toHaveText('Requested');
  const usageKey = await row.getAttribute('data-key');

  const brand = await personaAt(browser, 'brand', '/en/holder/approve/ip?tab=usages');
  await brand.locator(`[data-testid=queue-item][data-key="${usageKey}"]`).click();
  await brand.getByTestId('decision-comment').fill('Not available for merchandise');
  await brand.getByTestId('decide-rejected').click();
  await expect(brand.getByTestId('decision-success')).toBeVisible();

  await designer.reload();
  await expect(row.getByTestId('usage-state')).toHaveText('Rejected');
  await expect(row.getByTestId('usage-reason')).toContainText('Not available for merchandise');

  await designer.goto('/en/designer/gallery');
  await designer.getByTestId('gallery-search').fill(`nothing-${stamp}`);
  await expect(designer.getByTestId('gallery-empty')).toContainText('No IP matches');
  await designer.getByTestId('gallery-search').fill(stamp.toUpperCase());
  const card = designer.getByTestId('ip-card').filter({ hasText: primaryName });
  await expect(card.getByTestId('ip-card-tag')).toHaveText(`Autumn ${stamp}`);
  // The tag filter alone finds it too; the tag reads in the page language.
  await designer.getByTestId('gallery-search').fill('');
  await designer.getByTestId('gallery-tag').selectOption({ label: `Autumn ${stamp}` });
  await expect(designer.getByTestId('ip-card')).toHaveCount(1);
  await expect(card.getByTestId('ip-card-permit-state')).toHaveText('Rejected');
  await card.getByTestId('ip-card-open').click();
  await expect(designer.getByTestId('permit-status')).toContainText('Not available for merchandise');
  await expect(designer.getByTestId('gallery-detail').getByTestId('permit-form')).toBeVisible();
});
