import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, call, personaAt } from './api-setup';

/**
 * The terms documents and the terms wall (SPEC §2, §3, §4): an admin publishes new versions on
 * the terms pages; a designer and a licensee meet the blocking prompts of their kinds, accept,
 * and are not asked again. Other specs share this server and database and expect no wall, so
 * every version published here is deleted again at the end.
 */
const stamp = `${Date.now().toString(36)}`;
const versions = {
  'terms-common': `C-${stamp}`,
  'terms-designer-personal': `D-${stamp}`,
  'terms-licensee': `L-${stamp}`,
} as const;
type Kind = keyof typeof versions;

// A one-page PDF, enough for the store's type sniffing and for the browser's viewer.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function publishOnPage(page: Page, path: string, kind: Kind, content: string, withPdf: boolean) {
  await page.goto(path);
  const form = page.getByTestId('terms-publish-form');
  await expect(form).toBeVisible();
  await form.getByTestId('terms-form-version').fill(versions[kind]);
  await form.getByTestId('terms-form-content').fill(content);
  if (withPdf)
    await form.getByTestId('terms-form-document').setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByTestId('terms-form-submit').click();
  await expect(page.getByTestId('terms-published')).toBeVisible();
  await expect(page.getByTestId('terms-latest')).toHaveAttribute('data-version', versions[kind]);
}

/** Waits until the wall has read the terms and the user's records, after a (re)load. */
async function loadAndSettle(page: Page, load: () => Promise<unknown>) {
  const records = page.waitForResponse((r) => r.url().includes('/api/v1/Licensee/query'));
  await load();
  await records;
  // The records answered; give React a moment to render (or not render) the prompts.
  await page.waitForTimeout(800);
}

async function expectBlocking(page: Page, step: 'common' | 'kind') {
  const prompt = page.getByTestId(`terms-wall-${step}`);
  await expect(prompt).toBeVisible();
  // Escape and a click on the backdrop leave it open; it has no close button.
  await page.keyboard.press('Escape');
  await page.mouse.click(8, 8);
  await page.waitForTimeout(400);
  await expect(prompt).toBeVisible();
  await expect(page.locator('.modal .btn-close')).toHaveCount(0);
  const text = prompt.getByTestId('terms-wall-text');
  await expect(text).toHaveAttribute('rows', '10');
  await expect(text).toHaveAttribute('readonly', '');
  return prompt;
}

async function deletePublished(browser: Browser) {
  const admin = await personaAt(browser, 'admin', '/en/holder/ip');
  for (const [kind, version] of Object.entries(versions)) {
    await call(admin, 'DELETE', `/api/terms/${kind}?version=${encodeURIComponent(version)}`);
  }
  const latest = await api<{ latest: Record<string, { metadata: { version: string } } | null> }>(admin, 'GET', '/api/terms');
  for (const [kind, version] of Object.entries(versions)) expect(latest.latest[kind]?.metadata.version).not.toBe(version);
  await admin.context().close();
}

test.describe.serial('terms documents and the terms wall', () => {
  test.afterAll(async ({ browser }) => {
    await deletePublished(browser);
  });

  test('an admin publishes new versions on the terms pages; they are public', async ({ browser }) => {
    const admin = await personaAt(browser, 'admin', '/en/holder/ip');
    await publishOnPage(
      admin,
      '/en/terms',
      'terms-common',
      '<h2>Article 1</h2><p>Use the platform fairly.</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
      true,
    );
    await expect(admin.getByTestId('terms-content')).toContainText('Use the platform fairly.');
    await expect(admin.getByTestId('terms-content').locator('img, script')).toHaveCount(0);
    expect(await admin.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(admin.getByTestId('terms-pdf-link')).toBeVisible();
    await publishOnPage(admin, '/en/terms-designer', 'terms-designer-personal', 'Creators keep their moral rights.', false);
    await publishOnPage(admin, '/jp/terms-licensee', 'terms-licensee', '<p>ライセンシーは売上を毎月報告します。</p>', false);
    await admin.context().close();

    // Signed out, the page shows the latest version and its PDF opens.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/en/terms');
    await expect(visitor.getByTestId('terms-latest')).toHaveAttribute('data-version', versions['terms-common']);
    await expect(visitor.getByTestId('terms-manage')).toHaveCount(0);
    const href = await visitor.getByTestId('terms-pdf-link').getAttribute('href');
    const pdf = await visitor.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await visitor.context().close();
  });

  test('a designer accepts the common and the creator terms, and is not asked again', async ({ browser }) => {
    const designer = await personaAt(browser, 'designer', '/en/designer/iplist');
    // The acceptance is kept on the designer record the demo designer holds.
    await expect(designer.getByTestId('ip-new').or(designer.getByTestId('terms-wall-common')).first()).toBeVisible();
    await loadAndSettle(designer, () => designer.reload());

    const common = await expectBlocking(designer, 'common');
    await expect(common.getByTestId('terms-wall-title')).toHaveText('Terms & Conditions Update');
    await expect(common).toHaveAttribute('data-version', versions['terms-common']);
    await expect(common.getByTestId('terms-wall-text')).toHaveValue(/Article 1\s+Use the platform fairly\./);
    await common.getByTestId('terms-accept-common').click();
    await expect(common).toBeHidden();

    const kind = await expectBlocking(designer, 'kind');
    await expect(kind).toHaveAttribute('data-kind', 'terms-designer-personal');
    await expect(kind.getByTestId('terms-wall-title')).toHaveText('Terms & Conditions Update');
    await expect(kind.getByTestId('terms-wall-text')).toHaveValue('Creators keep their moral rights.');
    await kind.getByTestId('terms-accept-kind').click();
    await expect(kind).toBeHidden();

    const me = (await (await designer.request.get('/api/auth/session')).json()) as { user: { sub: string } };
    const found = await api<{ items: { accepted_terms_version: Record<string, string> }[] }>(
      designer,
      'POST',
      '/api/v1/Designer/query',
      { filter: { owner: me.user.sub }, sort: { dateCreated: 1 }, limit: 1 },
    );
    const accepted = found.items[0]!.accepted_terms_version;
    expect(accepted.ipl_version).toBe(versions['terms-common']);
    expect(accepted.designer_version).toBe(versions['terms-designer-personal']);
    expect(accepted.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);

    await loadAndSettle(designer, () => designer.reload());
    await expect(designer.getByTestId('ip-new')).toBeVisible();
    await expect(designer.locator('[data-testid^="terms-wall-"]')).toHaveCount(0);
    await designer.context().close();
  });

  test('a licensee is asked for the common and the licensee terms only (jp)', async ({ browser }) => {
    const licensee = await personaAt(browser, 'licenseeOwner', '/jp/licensee/list');
    await loadAndSettle(licensee, () => licensee.reload());
    const common = await expectBlocking(licensee, 'common');
    await expect(common.getByTestId('terms-wall-title')).toHaveText('利用規約の更新（Terms & Conditions Update）');
    await common.getByTestId('terms-accept-common').click();
    await expect(common).toBeHidden();

    const kind = await expectBlocking(licensee, 'kind');
    await expect(kind).toHaveAttribute('data-kind', 'terms-licensee');
    await expect(kind.getByTestId('terms-wall-text')).toHaveValue('ライセンシーは売上を毎月報告します。');
    await kind.getByTestId('terms-accept-kind').click();
    await expect(kind).toBeHidden();
    await expect(licensee.locator('[data-kind="terms-designer-personal"]')).toHaveCount(0);

    await loadAndSettle(licensee, () => licensee.reload());
    await expect(licensee.locator('[data-testid^="terms-wall-"]')).toHaveCount(0);
    await licensee.context().close();
  });

  test('once the versions are deleted, nobody meets the wall', async ({ browser }) => {
    await deletePublished(browser);
    const licensee = await personaAt(browser, 'licenseeOwner', '/en/licensee/list');
    const terms = licensee.waitForResponse((r) => new URL(r.url()).pathname === '/api/terms');
    await licensee.reload();
    await terms;
    await licensee.waitForTimeout(800);
    await expect(licensee.locator('[data-testid^="terms-wall-"]')).toHaveCount(0);
    await licensee.context().close();
  });
});
