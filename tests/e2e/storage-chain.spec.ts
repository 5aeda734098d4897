import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { api, personaAt, type Rec, ownDesignerKey } from './api-setup';
import { expect, test, signInAt } from './fixtures';

/** A distinct PNG per run, so its hash (and CID) is this run's own. */
async function artwork(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: { r: seed % 256, g: 140, b: 60 } } })
    .png()
    .toBuffer();
}

function walletFor(stamp: string): string {
  return `0x${Buffer.from(stamp).toString('hex').padEnd(40, '7').slice(0, 40)}`;
}

async function approve(browser: Browser, persona: 'brand' | 'legal', kind: string, key: unknown): Promise<void> {
  const page = await personaAt(browser, persona, '/en/holder/approve/ip');
  await api(page, 'POST', `/api/v1/Holder/approve/${kind}/${String(key)}`, { decision: 'approved' });
  await page.context().close();
}

/** A secondary IP of the demo designer, approved by brand and legal; answers its key and the designer's key. */
async function approvedIp(browser: Browser, designer: Page, stamp: string): Promise<{ ip: string; designerKey: string }> {
  const holder = await personaAt(browser, 'holder', '/en/holder/ip');
  const primary = await api<Rec>(holder, 'POST', '/api/v1/IP', { name: `Chain primary ${stamp}`, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${String(primary.key)}/publish`);
  await holder.context().close();

  const designerKey = await ownDesignerKey(designer);
  const usage = await api<Rec>(designer, 'POST', '/api/v1/Usage', { ip: primary.key, designer: designerKey, purpose: 'NFT' });
  await approve(browser, 'brand', 'usages', usage.key);
  const image = await api<{ hash: string }>(designer, 'POST', '/api/core/storage/save', {
    name: `nft-${stamp}.png`,
    data: (await artwork(stamp.length * 37)).toString('base64'),
  });
  const secondary = await api<Rec>(designer, 'POST', '/api/v1/IP', {
    name: `Chain IP ${stamp}`,
    kind: 'secondary',
    designer: designerKey,
    parent: primary.key,
    description: 'A character wrapped as an ERC-721 token.',
    images: [{ hash: image.hash, name: 'nft.png', mime: 'image/png' }],
  });
  await api(designer, 'POST', `/api/v1/IP/${String(secondary.key)}/submit`);
  for (const group of ['brand', 'legal'] as const) await approve(browser, group, 'ips', secondary.key);
  return { ip: String(secondary.key), designerKey };
}

test('[jp] the admin sees a public file uploaded in the test, with its CID, in 公開ストレージ', async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signInAt(page, 'admin', '/jp/sys/storage/public');
  const name = `storage-e2e-${stamp}.png`;
  const saved = await api<{ hash: string; cid: string }>(page, 'POST', '/api/core/public/save', {
    name,
    data: (await artwork(Date.now())).toString('base64'),
  });
  expect(saved.cid).toMatch(/^bafkrei[a-z2-7]{52}$/);
  const pdfName = `storage-e2e-${stamp}.pdf`;
  const pdf = await api<{ hash: string }>(page, 'POST', '/api/core/public/save', {
    name: pdfName,
    data: Buffer.from(`%PDF-1.4\n% ${stamp}\ntrailer<</Root 1 0 R>>\n%%EOF\n`).toString('base64'),
  });

  await page.reload();
  await page.getByTestId('public-files-search').fill(stamp);
  await page.getByTestId('public-files-apply').click();
  const row = page.locator(`[data-testid=public-file-row][data-hash="${saved.hash}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('public-file-name')).toHaveText(name);
  await expect(row.getByTestId('public-file-mime')).toHaveText('image/png');
  await expect(row.getByTestId('public-file-cid')).toHaveText(saved.cid);
  await expect(row.getByTestId('public-file-thumb')).toBeVisible();
  await expect(row.getByTestId('public-file-link')).toHaveAttribute('href', `/api/core/public/fetch/${saved.cid}`);

  // The type filter keeps it among images and drops it for PDFs.
  const pdfRow = page.locator(`[data-testid=public-file-row][data-hash="${pdf.hash}"]`);
  await expect(pdfRow).toBeVisible();
  await page.getByTestId('public-files-mime').selectOption('image/png');
  await expect(row).toBeVisible();
  await expect(pdfRow).toHaveCount(0);
  await page.getByTestId('public-files-mime').selectOption('application/pdf');
  await expect(pdfRow.getByTestId('public-file-name')).toHaveText(pdfName);
  await expect(row).toHaveCount(0);

  // The link serves the bytes with immutable caching.
  const res = await page.request.get(`/api/core/public/fetch/${saved.cid}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('[jp] the holder mints an approved IP from the IP page; minting again shows the same token', async ({ browser }) => {
  test.setTimeout(360_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const designer = await personaAt(browser, 'designer', '/jp/designer/iplist');
  const { ip, designerKey } = await approvedIp(browser, designer, stamp);
  // The token goes to the IP owner's wallet: the designer sets it through the profile API.
  const wallet = walletFor(stamp);
  await api(designer, 'POST', '/api/core/users/profile/update', { wallet });
  await designer.context().close();

  const holder = await personaAt(browser, 'holder', `/jp/holder/ip/${designerKey}/${ip}`);
  await expect(holder.getByTestId('ip-page-name')).toHaveText(`Chain IP ${stamp}`);
  const card = holder.getByTestId('mint-card');
  await expect(card.getByTestId('mint-none')).toBeVisible();
  await card.getByTestId('mint-button').click();
  await expect(card.getByTestId('mint-outcome-new')).toBeVisible({ timeout: 120_000 });
  const tokenId = (await card.getByTestId('mint-token-id').textContent())!.trim();
  const txHash = (await card.getByTestId('mint-tx-hash').textContent())!.trim();
  expect(tokenId).toMatch(/^\d+$/);
  expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(card.getByTestId('mint-owner')).toHaveText(new RegExp(wallet, 'i'));
  await expect(card.getByTestId('mint-token-uri')).toHaveText(/^ipfs:\/\/b[a-z2-7]{58}$/);

  await card.getByTestId('mint-button').click();
  await expect(card.getByTestId('mint-outcome-existing')).toBeVisible();
  await expect(card.getByTestId('mint-token-id')).toHaveText(tokenId);
  await expect(card.getByTestId('mint-tx-hash')).toHaveText(txHash);

  // After a reload the recorded token is still shown.
  await holder.reload();
  await expect(holder.getByTestId('mint-token-id')).toHaveText(tokenId);
  await expect(holder.getByTestId('mint-tx-hash')).toHaveText(txHash);
});

for (const lang of ['jp', 'en'] as const) {
  test(`[${lang}] an administrator reaches the mint card from the primary IP's panel; a missing wallet names the IP's owner and what to do`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const name = `Mint link ${lang} ${stamp}`;
    // holder@ makes and publishes the primary IP (so owns it) and has no wallet address.
    const holder = await personaAt(browser, 'holder', `/${lang}/holder/ip`);
    const primary = await api<Rec>(holder, 'POST', '/api/v1/IP', { name, kind: 'primary' });
    await api(holder, 'POST', `/api/v1/IP/${String(primary.key)}/publish`);
    await api(holder, 'POST', '/api/core/users/profile/update', { wallet: null });
    await holder.context().close();

    const admin = await personaAt(browser, 'admin', `/${lang}/holder/ip`);
    await admin.getByTestId('ip-search').fill(name);
    const row = admin.locator(`[data-testid^="ip-row-"][data-name="${name}"]`);
    await expect(row).toHaveCount(1);
    await row.click();
    await admin.getByTestId('ip-detail').getByTestId('ip-mint-link').click();
    await expect(admin.getByTestId('ip-page-name')).toHaveText(name);
    const card = admin.getByTestId('mint-card');
    await expect(card.getByTestId('mint-none')).toBeVisible();
    await card.getByTestId('mint-button').click();
    const error = card.getByTestId('mint-error');
    if (lang === 'jp') {
      await expect(error).toContainText('この IP の所有者である');
      await expect(error).toContainText('プロフィール');
      await expect(error).not.toContainText('このユーザー');
    } else {
      await expect(error).toContainText("the IP's owner");
      await expect(error).toContainText('Profile page');
    }
    await admin.context().close();
  });
}
