import type { Browser, Page } from '@playwright/test';
import { expect, test, allowConsoleErrors, expectDialogFits, loginAtProvider, personas, signUpAt, subOfPage } from './fixtures';
import { api, call, personaAt } from './api-setup';

/**
 * The terms documents and the terms wall (SPEC §2, §3, §4): an admin publishes new versions on
 * the terms pages; every kind of user meets exactly the blocking prompts §4 decides, accepts, and
 * is not asked again; a version is withdrawn (never deleted) on its page. Other specs share this
 * server and database and expect no wall, so every version published here is withdrawn at the end.
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

/** The wall has read the terms and the user's records and decided: 'clear' or 'due'. */
async function wallSettled(page: Page): Promise<string> {
  const marker = page.getByTestId('terms-wall-state');
  await expect(marker).not.toHaveAttribute('data-state', 'loading', { timeout: 20_000 });
  return (await marker.getAttribute('data-state')) ?? '';
}

/** The prompt is up, cannot be dismissed, and nothing behind it can be reached. */
async function expectBlocking(page: Page, step: 'common' | 'kind') {
  const prompt = page.getByTestId(`terms-wall-${step}`);
  await expect(prompt).toBeVisible();
  await expect(prompt.getByTestId('terms-wall-title')).toHaveText(
    (await page.locator('html').getAttribute('lang')) === 'en' ? 'Terms & Conditions Update' : '利用規約の更新',
  );
  // Escape and a click on the backdrop leave it open; it has no close button.
  await page.keyboard.press('Escape');
  await page.mouse.click(8, 8);
  await page.waitForTimeout(300);
  await expect(prompt).toBeVisible();
  await expect(page.locator('.modal .btn-close')).toHaveCount(0);
  // The page behind is covered: what sits under the middle of the top bar and of the menu is the dialog's.
  const covered = await page.evaluate(() =>
    [
      [window.innerWidth / 2, 20],
      [100, window.innerHeight / 2],
    ].every(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('.modal'))),
  );
  expect(covered, 'the page behind the terms wall can be reached').toBe(true);
  await expectDialogFits(page, page.locator('.modal.show').filter({ has: prompt }));
  const text = prompt.getByTestId('terms-wall-text');
  await expect(text).toHaveAttribute('rows', '10');
  await expect(text).toHaveAttribute('readonly', '');
  return prompt;
}

/** Signs in at /jp/profile (or its /en version, for a user whose stored language is en). */
async function signInAnywhere(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/jp/profile');
  await loginAtProvider(page, email);
  await page.waitForURL(/\/(jp|en)\/profile$/);
  return page;
}

/** Accepts the prompts one after the other and answers the kinds that were asked, in order. */
async function acceptAll(page: Page): Promise<string[]> {
  const asked: string[] = [];
  for (let guard = 0; guard < 4; guard++) {
    if ((await wallSettled(page)) === 'clear') break;
    // Right after an acceptance the closing prompt and the next decision overlap for a moment:
    // wait until a prompt is up or the wall has cleared.
    let step: 'common' | 'kind' | 'clear' | null = null;
    await expect
      .poll(async () => {
        if (await page.getByTestId('terms-wall-common').isVisible()) step = 'common';
        else if (await page.getByTestId('terms-wall-kind').isVisible()) step = 'kind';
        else if ((await page.getByTestId('terms-wall-state').getAttribute('data-state')) === 'clear') step = 'clear';
        else step = null;
        return step;
      })
      .not.toBeNull();
    if (step === 'clear' || step === null) break;
    const prompt = await expectBlocking(page, step);
    asked.push((await prompt.getAttribute('data-kind'))!);
    await expect(prompt).toHaveAttribute('data-version', versions[(await prompt.getAttribute('data-kind')) as Kind]);
    await prompt.getByTestId(`terms-accept-${step}`).click();
    await expect(prompt).toBeHidden();
  }
  return asked;
}

async function withdrawPublished(browser: Browser) {
  const admin = await personaAt(browser, 'admin', '/en/holder/ip');
  const before = await api<{ latest: Record<string, { metadata: { version: string } } | null> }>(admin, 'GET', '/api/terms');
  for (const [kind, version] of Object.entries(versions)) {
    if (before.latest[kind]?.metadata.version === version) {
      await call(admin, 'DELETE', `/api/terms/${kind}?version=${encodeURIComponent(version)}`);
    }
  }
  const after = await api<{ latest: Record<string, { metadata: { version: string } } | null> }>(admin, 'GET', '/api/terms');
  for (const [kind, version] of Object.entries(versions)) expect(after.latest[kind]?.metadata.version).not.toBe(version);
  await admin.context().close();
}

const COMMON = ['terms-common'];
const DESIGNER = ['terms-common', 'terms-designer-personal'];
const LICENSEE = ['terms-common', 'terms-licensee'];

/** What §4 decides for each demo role once new common, creator and licensee versions are in force. */
const CASES: [string, string[]][] = [
  [personas.admin, COMMON],
  [personas.boss, COMMON],
  [personas.holder, COMMON],
  [personas.legal, COMMON],
  [personas.brand, COMMON],
  [personas.cfl, COMMON],
  [personas.legalManager, COMMON],
  ['brand-manager@example.com', COMMON],
  ['cfl-manager@example.com', COMMON],
  [personas.user, COMMON],
  [personas.designer, DESIGNER],
  // A corporate designer gets the creator terms too.
  [personas.corporateDesigner, DESIGNER],
  [personas.licenseeOwner, LICENSEE],
  // A staff member owns no organisation record: asked all the same, kept on their own record.
  [personas.licenseeStaff, LICENSEE],
];

test.describe.serial('SPEC §2/§3/§4 terms documents and the terms wall', () => {
  // Each test signs in several personas and publishes through the pages: on a loaded machine
  // one of them took more than the default minute without failing any check.
  test.describe.configure({ timeout: 180_000 });
  test.afterAll(async ({ browser }) => {
    await withdrawPublished(browser);
  });

  test('SPEC §3: an admin publishes new versions on the terms pages; they are public', async ({ browser }) => {
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
    // The admin is now due the new common terms too, but the terms pages stay uncovered: the
    // next version is published there (and the wall's own link to the full terms lands there).
    await publishOnPage(admin, '/en/terms-designer', 'terms-designer-personal', 'Creators keep their moral rights.', false);
    await expect(admin.getByTestId('terms-wall-state')).toHaveAttribute('data-state', 'exempt');
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

  test('SPEC §4: the text of each prompt, and where acceptance is kept (designer and licensee records, +00:00)', async ({
    browser,
  }, testInfo) => {
    // The refused acceptance below is logged by the fetcher (SPEC §8 "Other non-200: logged").
    allowConsoleErrors(testInfo, /status of 500/, /answered 500$/);
    const designer = await signInAnywhere(browser, personas.designer);
    const common = await expectBlocking(designer, 'common');
    await expect(common.getByTestId('terms-wall-text')).toHaveValue(/Article 1\s+Use the platform fairly\./);

    // SPEC §8 "Terms patch failure": the prompt stays open, with no message.
    const failing = (url: URL) => /^\/api\/(v1\/Designer\/[^/]+|core\/users\/profile\/update)$/.test(url.pathname);
    await designer.route(failing, (route) =>
      route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, body: 'down' }),
    );
    await common.getByTestId('terms-accept-common').click();
    await expect(common.getByTestId('terms-accept-common')).toBeEnabled();
    await designer.waitForTimeout(1000);
    await expect(common).toBeVisible();
    await expect(designer.locator('.modal.show .alert, .modal.show .text-danger')).toHaveCount(0);
    await designer.unrouteAll({ behavior: 'ignoreErrors' });
    await common.getByTestId('terms-accept-common').click();
    await expect(common).toBeHidden();
    const kind = await expectBlocking(designer, 'kind');
    await expect(kind).toHaveAttribute('data-kind', 'terms-designer-personal');
    await expect(kind.getByTestId('terms-wall-text')).toHaveValue('Creators keep their moral rights.');
    await kind.getByTestId('terms-accept-kind').click();
    await expect(kind).toBeHidden();

    // Kept on the Designer record when there is one, else on the person's own record.
    const sub = await subOfPage(designer);
    const found = await api<{ items: { accepted_terms_version: Record<string, string> }[] }>(
      designer,
      'POST',
      '/api/v1/Designer/query',
      { filter: { owner: sub }, sort: { dateCreated: 1 }, limit: 1 },
    );
    const own = await api<{ accepted_terms_version: Record<string, string> }>(designer, 'GET', '/api/core/users/profile');
    const accepted = found.items[0]?.accepted_terms_version ?? own.accepted_terms_version;
    expect(accepted.ipl_version).toBe(versions['terms-common']);
    expect(accepted.designer_version).toBe(versions['terms-designer-personal']);
    expect(accepted.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    await designer.context().close();

    const licensee = await signInAnywhere(browser, personas.licenseeOwner);
    const lc = await expectBlocking(licensee, 'common');
    await lc.getByTestId('terms-accept-common').click();
    const lk = await expectBlocking(licensee, 'kind');
    await expect(lk).toHaveAttribute('data-kind', 'terms-licensee');
    await expect(lk.getByTestId('terms-wall-text')).toHaveValue('ライセンシーは売上を毎月報告します。');
    await lk.getByTestId('terms-accept-kind').click();
    await expect(lk).toBeHidden();
    expect(await wallSettled(licensee)).toBe('clear');
    await licensee.context().close();
  });

  test('SPEC §4: every demo role sees exactly its prompts, is held until accepting, and never sees them again', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    for (const [email, expected] of CASES) {
      const page = await signInAnywhere(browser, email);
      // Two of them accepted in the test before: they must not be asked again.
      const already = email === personas.designer || email === personas.licenseeOwner;
      // In a whole run the liquid journey has made user@ a designer by then: it is asked what a designer is.
      const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: { access?: string[] } };
      const nowDesigner = email === personas.user && (session.user?.access ?? []).includes('calbee:designer');
      expect(await acceptAll(page), email).toEqual(already ? [] : nowDesigner ? DESIGNER : expected);
      // Never again: after a reload, on another page, and after signing in anew.
      await page.reload();
      expect(await wallSettled(page), email).toBe('clear');
      await page.goto(page.url().replace(/\/profile$/, '/help'));
      expect(await wallSettled(page), email).toBe('clear');
      await page.context().close();
      const again = await signInAnywhere(browser, email);
      expect(await wallSettled(again), email).toBe('clear');
      await again.context().close();
    }
  });

  test('SPEC §4: a designer without a profile is asked for both, kept on their own record and on the profile made later', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = `no-profile-${stamp}@example.com`;
    // On a phone-sized window: the prompts fit it and their accept buttons are in reach.
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signUpAt(page, '/jp/profile', email, 'Profile Less');
    const sub = await subOfPage(page);
    const admin = await personaAt(browser, 'admin', '/jp/sys/acl');
    await api(admin, 'POST', '/api/core/users/acl/set', { sub, entries: ['calbee:user', 'calbee:designer'] });
    await admin.context().close();

    await page.reload();
    expect(await acceptAll(page)).toEqual(DESIGNER);
    const own = await api<{ accepted_terms_version: Record<string, string> }>(page, 'GET', '/api/core/users/profile');
    expect(own.accepted_terms_version).toMatchObject({
      ipl_version: versions['terms-common'],
      designer_version: versions['terms-designer-personal'],
    });
    const none = await api<{ items: unknown[] }>(page, 'POST', '/api/v1/Designer/query', { filter: { owner: sub }, limit: 1 });
    expect(none.items).toHaveLength(0);

    // The profile made afterwards (since #23 only through the designer application, issued by
    // staff) starts from what was accepted: the wall stays clear.
    const application = await api<{ key: string }>(page, 'POST', '/api/liquid/apply', {
      applicant_id: sub,
      role: 'personal',
      profile: { email, creator_name: `Profile Less ${stamp}` },
    });
    const staff = await personaAt(browser, 'admin', '/jp/holder/applications');
    await api(staff, 'POST', `/api/liquid/state/${application.key}`, { state: 'reviewing' });
    await api(staff, 'POST', `/api/liquid/state/${application.key}`, { state: 'approved' });
    await api(staff, 'POST', `/api/liquid/issue/${application.key}`, {});
    await staff.context().close();
    const made = await api<{ items: { accepted_terms_version: Record<string, string> }[] }>(
      page,
      'POST',
      '/api/v1/Designer/query',
      { filter: { owner: sub }, limit: 1 },
    );
    expect(made.items[0]?.accepted_terms_version).toMatchObject({
      ipl_version: versions['terms-common'],
      designer_version: versions['terms-designer-personal'],
    });
    await page.goto('/jp/designer/iplist');
    expect(await wallSettled(page)).toBe('clear');
    await page.context().close();
  });

  test('SPEC §3/§4 evidence: withdrawing (never deleting) says what happens, keeps the text and the acceptances', async ({
    browser,
  }) => {
    // Signed in on a page that asks for it (the terms pages are public), then to the terms page.
    const admin = await personaAt(browser, 'admin', '/jp/sys/acl');
    await admin.goto('/jp/terms-designer');
    await expect(admin.getByTestId('terms-latest')).toHaveAttribute('data-version', versions['terms-designer-personal']);
    await admin.getByTestId('terms-withdraw-latest').click();
    const dialog = admin.getByTestId('dialog-confirm');
    await expect(dialog).toBeVisible();
    const consequences = dialog.getByTestId('terms-withdraw-consequences');
    await expect(consequences).toContainText(`第 ${versions['terms-designer-personal']} 版を取り下げます`);
    await expect(consequences).toContainText('削除されず、履歴に残ります');
    await expect(consequences).toContainText('新しい版を公開してください');
    await dialog.locator('.btn-primary').click();
    await expect(admin.getByTestId('terms-withdrawn')).toBeVisible();

    const row = admin.locator(`[data-testid="terms-history-row"][data-version="${versions['terms-designer-personal']}"]`);
    await expect(row.getByTestId('terms-history-withdrawn')).toBeVisible();
    // The three designers of the tests above accepted it: the count is kept.
    expect(Number(await row.getByTestId('terms-history-acceptances').textContent())).toBeGreaterThanOrEqual(3);
    await row.locator('summary').click();
    await expect(row).toContainText('Creators keep their moral rights.');
    await admin.context().close();

    // A designer is no longer asked for a withdrawn version.
    const designer = await signInAnywhere(browser, personas.corporateDesigner);
    expect(await wallSettled(designer)).toBe('clear');
    await designer.context().close();
  });
});
