import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import type { Browser, Page } from '@playwright/test';
import { api, personaAt, signAndCountersign, type Rec } from './api-setup';
import { expect, test, signInAt, type Persona } from './fixtures';

const SHOTS = process.env.VC_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

function payloadOf(jwt: string): Rec {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Rec;
}

/** The credential's bit in the served status list, decoded by an independent library. */
async function statusBit(page: Page, path: string, index: number): Promise<boolean> {
  const res = await page.request.get(path);
  expect(res.headers()['content-type']).toMatch(/^application\/vc\+jwt/);
  const subject = payloadOf(await res.text()).credentialSubject as { encodedList: string };
  return (await decodeList({ encodedList: subject.encodedList })).getStatus(index);
}

/**
 * An active license on a fresh primary IP (reviews by legal, cfl and boss, then whichever contract
 * steps remain) and an approved product under it, all through the API as the right personas.
 */
async function licensedProduct(browser: Browser, stamp: string) {
  const pages = new Map<Persona, Page>();
  const as = async (persona: Persona) => {
    let page = pages.get(persona);
    if (!page) {
      page = await personaAt(browser, persona, '/jp/profile');
      pages.set(persona, page);
    }
    return page;
  };
  const holder = await as('holder');
  const ip = await api<Rec>(holder, 'POST', '/api/v1/IP', { name: `VC mascot ${stamp}`, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${String(ip.key)}/publish`);
  const owner = await as('licenseeOwner');
  const orgs = await api<{ items: Rec[] }>(owner, 'POST', '/api/v1/Licensee/query', {});
  const license = await api<Rec>(owner, 'POST', '/api/v1/License', {
    ip: ip.key,
    licensee: orgs.items[0]!.key,
    territory: ['JP'],
    term_start: '2026-01-01',
    term_end: '2030-12-31',
    royalty_rate_bp: 800,
  });
  const key = String(license.key);
  await api(owner, 'POST', `/api/v1/License/${key}/start_review`);
  for (const group of ['legal', 'cfl', 'boss'] as const) {
    await api(await as(group), 'POST', `/api/v1/Holder/approve/licenses/${key}`, { decision: 'approved' });
  }
  // Each step that remains from the license's state: sending, then both e-signatures.
  const next: Record<string, () => Promise<unknown>> = {
    approved: async () => api(await as('holder'), 'POST', `/api/v1/License/${key}/send_contract`),
    contract_sent: async () => signAndCountersign((await as('licenseeOwner')).request, (await as('holder')).request, key),
  };
  for (let i = 0; i < 5; i++) {
    const { state } = await api<{ state: string }>(owner, 'GET', `/api/v1/License/${key}`);
    if (state === 'active') break;
    const step = next[state];
    expect(step, `a step from ${state}`).toBeDefined();
    await step!();
  }
  expect((await api<{ state: string }>(owner, 'GET', `/api/v1/License/${key}`)).state).toBe('active');
  // The credential is issued by a job right after the license became active.
  await expect
    .poll(
      async () =>
        (await api<{ items: { subject: string }[] }>(owner, 'GET', '/api/core/wallet/cred/list')).items.some(
          (c) => c.subject === key,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  const product = await api<Rec>(owner, 'POST', '/api/v1/Product', {
    license: key,
    name: `VC chips ${stamp}`,
    sku: `VC-${stamp}`,
  });
  await api(owner, 'POST', `/api/v1/Product/${String(product.key)}/submit`);
  // A product of a primary IP skips the designer review: brand approves it.
  await api(await as('brand'), 'POST', `/api/v1/Holder/approve/products/${String(product.key)}`, { decision: 'approved' });
  return { license: key, product: String(product.key), ipName: String(ip.name), owner, admin: await as('admin') };
}

test('an active license puts a credential in the wallet; /verify shows valid, then revoked after termination', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const { license, product, ipName, owner, admin } = await licensedProduct(browser, stamp);

  // The licensee's wallet holds the credential of this license.
  await owner.goto('/jp/licensee/wallet');
  const row = owner.locator(`[data-testid=wallet-row][data-license="${license}"]`);
  await expect(row.getByTestId('wallet-ip')).toHaveText(ipName);
  await expect(row.getByTestId('wallet-status')).toHaveAttribute('data-status', 'valid');
  await row.getByTestId('wallet-verify').click();
  await expect(row.getByTestId('wallet-verify-result')).toHaveAttribute('data-valid', 'true');
  await shot(owner, 'wallet-jp');
  await row.getByTestId('wallet-show-jwt').click();
  await expect(owner.getByTestId('wallet-jwt')).toHaveValue(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
  await shot(owner, 'wallet-jwt-jp');
  await owner.getByTestId('wallet-jwt-dialog').getByRole('button', { name: '閉じる' }).last().click();

  // The approved product shows its QR code and the link to /verify.
  await owner.goto('/jp/licensee/product');
  await owner.locator(`[data-testid=product-row][data-key="${product}"]`).click();
  await expect(owner.getByTestId('product-qr-image').locator('svg')).toBeVisible();
  await expect(owner.getByTestId('product-verify-link')).toHaveAttribute('href', new RegExp(`/jp/verify/${product}$`));
  await shot(owner, 'product-qr-jp');

  // Signed out, anyone sees the product is licensed.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/jp/verify/${product}`);
  await expect(visitor.getByTestId('verify-state')).toHaveAttribute('data-state', 'valid');
  // The product by its name and its reference number, as the licensee's pages show it (#17).
  await expect(visitor.getByTestId('verify-product')).toHaveText(new RegExp(`^VC chips ${stamp}\\s*PRD-\\d{4}-\\d{4}$`));
  await expect(visitor.getByTestId('verify-license')).toHaveText(/^LIC-\d{4}-\d{4}$/);
  await expect(visitor.getByTestId('verify-ip')).toHaveText(ipName);
  await expect(visitor.getByTestId('verify-territory')).toHaveText('JP');
  // How to check it outside the platform: the issuer's did:web, its DID document and the status list.
  const standard = visitor.getByTestId('verify-standard');
  await expect(standard).toContainText('did:web:');
  await shot(visitor, 'verify-valid-jp');
  const didUrl = await standard.getByRole('link', { name: '発行者の DID ドキュメント' }).getAttribute('href');
  expect(new URL(didUrl!).pathname).toBe('/.well-known/did.json');
  const didDoc = (await (await visitor.request.get('/.well-known/did.json')).json()) as Rec;
  expect(String(didDoc.id)).toMatch(/^did:web:/);
  expect(didDoc.assertionMethod).toEqual(expect.arrayContaining([expect.stringMatching(/^did:web:.+#holder-vc-/)]));
  const statusListUrl = new URL((await standard.getByRole('link', { name: 'ステータスリスト' }).getAttribute('href'))!).pathname;
  const { items } = await api<{ items: { key: string; subject: string; state: string }[] }>(
    owner,
    'GET',
    '/api/core/wallet/cred/list',
  );
  const credentialKey = items.find((c) => c.subject === license && c.state === 'active')!.key;
  const { jwt } = await api<{ jwt: string }>(owner, 'GET', `/api/core/wallet/cred/get/${credentialKey}`);
  const entry = payloadOf(jwt).credentialStatus as { statusListIndex: string };
  expect(await statusBit(visitor, statusListUrl, Number(entry.statusListIndex))).toBe(false);

  // The license is terminated: the same page says revoked at once.
  await api(admin, 'POST', `/api/v1/License/${license}/terminate`, { comment: 'Terminated in e2e' });
  await visitor.goto(`/en/verify/${product}`);
  await expect(visitor.getByTestId('verify-state')).toHaveAttribute('data-state', 'revoked');
  await expect(visitor.getByTestId('verify-state')).toContainText('License revoked');
  await shot(visitor, 'verify-revoked-en');
  // The credential itself reads revoked on /verify, and its bit is set in the published status list.
  await visitor.goto(`/en/verify/${credentialKey}`);
  await expect(visitor.getByTestId('verify-state')).toHaveAttribute('data-state', 'revoked');
  await expect(visitor.getByTestId('verify-standard')).toContainText(`bit ${entry.statusListIndex}`);
  await shot(visitor, 'verify-credential-revoked-en');
  expect(await statusBit(visitor, statusListUrl, Number(entry.statusListIndex))).toBe(true);

  await owner.goto('/en/licensee/wallet');
  await expect(owner.locator(`[data-testid=wallet-row][data-license="${license}"]`).getByTestId('wallet-status')).toHaveAttribute(
    'data-status',
    'revoked',
  );
  await shot(owner, 'wallet-revoked-en');
});

test('an unknown code is not licensed on /verify', async ({ page }) => {
  await page.goto(`/jp/verify/unknown${Date.now().toString(36)}`);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'not_licensed');
});

test('the administrator sees entity and credential schemas on /sys/schema', async ({ page }) => {
  await signInAt(page, 'admin', '/jp/sys/schema');
  await expect(page.getByTestId('entity-fields')).toBeVisible();
  await page.getByTestId('entity-pick').selectOption('License');
  await expect(page.locator('[data-testid=entity-field][data-field=term_start]')).toBeVisible();
  await shot(page, 'schema-entities-jp');
  await page.getByTestId('tab-credentials').click();
  const row = page.locator('[data-testid=credential-schema-row][data-schema=LicenseCredential]');
  await expect(row.getByTestId('credential-schema-enabled')).toBeVisible();
  await row.getByTestId('credential-schema-meta').click();
  await expect(page.getByTestId('credential-schema-json')).toContainText('territory');
  await shot(page, 'schema-credentials-jp');
});
