import type { Browser, Page } from '@playwright/test';
import { expect, expectDialogFits, test } from './fixtures';
import sharp from 'sharp';
import { api, personaAt, readyContract } from './api-setup';

const SHOTS = process.env.CONTRACT_SHOTS;

/** Screenshots for looking at the pages by eye, only when CONTRACT_SHOTS names a directory. */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 240, g: 160, b: 40 } } })
    .png()
    .toBuffer();
}

/** Draws a signature stroke across the canvas with the mouse. */
async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.065), box.y + box.height * (0.5 + 0.3 * Math.sin(i / 1.5)), {
      steps: 3,
    });
  }
  await page.mouse.up();
}

/** Completes the sign dialog: typed name, drawn signature, consent. */
async function signInDialog(page: Page, name: string) {
  const dialog = page.getByTestId('sign-dialog');
  await expect(dialog.getByTestId('sign-sha256')).toHaveText(/^[0-9a-f]{64}$/);
  // Nothing given: each missing piece is named.
  await dialog.getByTestId('sign-submit').click();
  await expect(dialog.getByTestId('sign-signature-error')).toBeVisible();
  await dialog.getByTestId('sign-typed-name').fill(name);
  await drawSignature(page);
  await dialog.getByTestId('sign-consent').check();
  await shot(page, `sign-dialog-${name.split(' ')[0]!.toLowerCase()}`);
  await dialog.getByTestId('sign-submit').click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/** A published primary IP with a picture, and a license of the owner's organisation approved by legal, cfl and boss. */
async function approvedLicense(browser: Browser, stamp: string) {
  const holder = await personaAt(browser, 'holder', '/jp/holder/ip');
  const image = await api<{ hash: string }>(holder, 'POST', '/api/core/public/save', {
    name: 'mascot.png',
    data: `data:image/png;base64,${(await picture()).toString('base64')}`,
  });
  const ip = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', {
    name: `Contract mascot ${stamp}`,
    kind: 'primary',
    images: [{ hash: image.hash, name: 'mascot.png', mime: 'image/png' }],
  });
  await api(holder, 'POST', `/api/v1/IP/${ip.key}/publish`);
  const owner = await personaAt(browser, 'licenseeOwner', '/jp/licensee/list');
  const orgs = await api<{ items: { key: string }[] }>(owner, 'POST', '/api/v1/Licensee/query', { limit: 10 });
  const license = await api<{ key: string }>(owner, 'POST', '/api/v1/License', {
    ip: ip.key,
    licensee: orgs.items[0]!.key,
    territory: ['JP', 'TW'],
    channels: ['Online'],
    term_start: '2027-01-01',
    term_end: '2027-12-31',
    royalty_rate_bp: 1250,
    minimum_guarantee: 500000,
    currency: 'JPY',
  });
  await api(owner, 'POST', `/api/v1/License/${license.key}/start_review`);
  for (const persona of ['legal', 'cfl', 'boss'] as const) {
    const reviewer = await personaAt(browser, persona, '/jp/holder/approve/license');
    await api(reviewer, 'POST', `/api/v1/Holder/approve/licenses/${license.key}`, { decision: 'approved' });
    await reviewer.context().close();
  }
  return { holder, owner, license: license.key };
}

test('an approved license gets its contract, the licensee signs and the holder countersigns in the UI', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const { holder, owner, license } = await approvedLicense(browser, stamp);

  // Approval asked for the contract; a job makes its PDF right after the approval's commit.
  const generated = await readyContract<{ revision: number; nextParty: string | null }>(holder.request, license);
  expect(generated.revision).toBe(1);
  const pdf = await holder.request.get(`/api/pdf/${license}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The holder sends it from holder/approve/license.
  await holder.goto('/jp/holder/approve/license');
  const holderRow = holder.locator(`[data-testid=holder-contract-row][data-key="${license}"]`);
  await expect(holderRow.getByTestId('holder-contract-state')).toHaveText('承認済み');
  await shot(holder, 'holder-contracts-approved');
  await holderRow.getByTestId('holder-contract-send').click();
  await holder.getByTestId('dialog-confirm').locator('.btn-primary').click();
  await expect(holderRow.getByTestId('holder-contract-state')).toHaveText('契約書送付済み');

  // The licensee reviews and signs on licensee/list.
  await owner.goto('/jp/licensee/list');
  const ownerRow = owner.locator(`[data-testid=license-row][data-key="${license}"]`);
  await expect(ownerRow.getByTestId('license-state')).toHaveText('契約書送付済み');
  // SPEC §2: the signing dialog fits a phone's window too, its close and sign buttons in reach.
  await owner.setViewportSize({ width: 390, height: 844 });
  await ownerRow.getByTestId('license-sign').click();
  await expect(owner.getByTestId('sign-pdf')).toBeVisible();
  await expectDialogFits(owner, owner.getByTestId('sign-dialog'));
  await owner.setViewportSize({ width: 1280, height: 720 });
  await signInDialog(owner, 'Hanako Licensee');
  await expect(ownerRow.getByTestId('license-state')).toHaveText('署名済み');
  await expect(ownerRow.getByTestId('license-sign')).toHaveCount(0);

  // The licensee quotes the number its list shows; the holder finds that contract by it alone.
  const number = (await ownerRow.getByTestId('reference').textContent())!.trim();
  expect(number).toMatch(/^LIC-\d{4}-\d{4}$/);
  await holder.getByTestId('holder-contracts-search').fill(number.toLowerCase());
  await expect(holder.getByTestId('holder-contract-row')).toHaveCount(1);
  await expect(holderRow.getByTestId('reference')).toHaveText(number);

  // The holder countersigns.
  await holder.getByTestId('holder-contracts-reload').click();
  await expect(holderRow.getByTestId('holder-contract-state')).toHaveText('署名済み');
  await holderRow.getByTestId('holder-countersign').click();
  await signInDialog(holder, 'Taro Holder');
  await expect(holder.getByTestId('holder-contracts-flash')).toBeVisible();
  await expect(holderRow).toHaveCount(0);

  // The license is active; its detail shows both signatures and the signed agreement.
  await owner.reload();
  await expect(ownerRow.getByTestId('license-state')).toHaveText('有効');
  await ownerRow.getByTestId('license-ip').click();
  const detail = owner.getByTestId('license-detail');
  await expect(detail.getByTestId('license-detail-state')).toHaveText('有効');
  await expect(detail.getByTestId('contract-signature')).toHaveCount(2);
  await expect(detail.getByTestId('contract-state')).toHaveText('締結済み');
  await shot(owner, 'licensee-detail-active');
  const finalHref = await detail.getByTestId('contract-final').getAttribute('href');
  const final = await owner.request.get(finalHref!);
  expect(final.status()).toBe(200);
  expect((await final.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const attributes = await api<{ state: string; licenseState: string; signatures: { party: string; signerName: string }[] }>(
    owner,
    'GET',
    `/api/pdf/attr/${license}`,
  );
  expect(attributes.licenseState).toBe('active');
  expect(attributes.signatures.map((s) => [s.party, s.signerName])).toEqual([
    ['licensee', 'Hanako Licensee'],
    ['holder', 'Taro Holder'],
  ]);
});

test('the sample contract PDF renders in Japanese and English for the administrator', async ({ browser }) => {
  const admin = await personaAt(browser, 'admin', '/jp/sys/pdf/demo');
  const frame = admin.getByTestId('pdf-demo-frame');
  await expect(frame).toHaveAttribute('src', '/api/pdf/demo?lang=jp');
  await shot(admin, 'pdf-demo-jp');
  for (const lang of ['jp', 'en'] as const) {
    await admin.getByTestId(`pdf-demo-lang-${lang}`).click();
    const src = await admin.getByTestId('pdf-demo-frame').getAttribute('src');
    expect(src).toBe(`/api/pdf/demo?lang=${lang}`);
    expect(await admin.getByTestId('pdf-demo-download').getAttribute('href')).toBe(src);
    const res = await admin.request.get(src!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
});

test('the e-signature demo signs, countersigns and verifies a sample contract', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await personaAt(browser, 'admin', '/en/sys/contract/demo');
  await admin.getByTestId('contract-demo-lang-en').click();
  await admin.getByTestId('contract-demo-start').click();
  const summary = admin.getByTestId('contract-summary');
  await expect(summary.getByTestId('contract-state')).toHaveText('Awaiting signatures');
  await expect(admin.getByTestId('contract-demo-verify')).toBeDisabled();
  await admin.getByTestId('contract-demo-sign-licensee').click();
  await signInDialog(admin, 'Demo Licensee');
  await expect(summary.getByTestId('contract-state')).toHaveText('Signed by the licensee');
  await admin.getByTestId('contract-demo-sign-holder').click();
  await signInDialog(admin, 'Demo Holder');
  await expect(summary.getByTestId('contract-state')).toHaveText('Concluded');
  await expect(summary.getByTestId('contract-signature')).toHaveCount(2);
  // The signed agreement is made by a job after the countersignature; the page updates when it is there.
  await expect(admin.getByTestId('contract-demo-frame')).toHaveAttribute('src', /final=1/, { timeout: 30_000 });
  await admin.getByTestId('contract-demo-verify').click();
  const result = admin.getByTestId('contract-demo-result');
  await expect(result).toHaveAttribute('data-verified', 'true');
  await expect(result).toContainText('Verified');
  await shot(admin, 'contract-demo-verified');
  await admin.getByTestId('contract-demo-tamper').click();
  await expect(result).toHaveAttribute('data-verified', 'false');
  await expect(result).toContainText('Verification failed');
  await shot(admin, 'contract-demo-tampered');
});
