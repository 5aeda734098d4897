import type { Page } from '@playwright/test';
import { expect, test, loginAtProvider, signInAt } from './fixtures';

interface Envelope<T> {
  status: number;
  data: T;
}
interface Designer {
  key: string;
  version: number;
  email: string;
}

const corporate = {
  creator_name: 'Studio Sakura',
  email: 'studio@example.com',
  cat: 'イラスト',
  pr: '温かみのあるキャラクターデザインが得意です。',
  name: { first: '花子', last: '山田' },
  job_title: 'アートディレクター',
  license: '色彩検定1級',
  achievements: '2024年 キャラクター大賞',
  desc: '東京のデザインスタジオです。',
  affiliation: 'JAGDA',
  linked: 'https://example.com/studio',
  perferred_contact: 'email',
  tel: '03-1234-5678',
  fax: '03-1234-5679',
  location: '関東',
  address: { city: '渋谷区', country: '日本' },
  corporate_name: '株式会社スタジオさくら',
  br: '9234567890123',
  responsible_person: '山田 花子',
  invno: 'T9234567890123',
  accepted_terms_version: { ipl_version: '1.2', designer_version: '2.0', updated: '2025-04-01T09:30:00+00:00' },
};

const personal = {
  creator_name: 'Aoi Designs',
  email: 'designer@example.com',
  cat: 'キャラクター',
  pr: 'かわいいキャラクターを描きます。',
  location: '関西',
  address: { city: '大阪市', country: '日本' },
};

/**
 * The signed-in person's Designer record (issued by the designer application; the demo designers
 * hold one each), with these profile fields. The type is not among them: it changes only through
 * an application.
 */
async function ensureDesigner(page: Page, sub: string, body: Record<string, unknown>): Promise<Designer> {
  const found = await page.request.post('/api/v1/Designer/query', { data: { filter: { owner: sub }, limit: 1 } });
  const existing = ((await found.json()) as Envelope<{ items: Designer[] }>).data.items[0];
  expect(existing, 'the demo designer holds its record').toBeTruthy();
  const res = await page.request.patch(`/api/v1/Designer/${existing!.key}`, { data: body });
  const answer = (await res.json()) as Envelope<Designer>;
  expect(answer.status, JSON.stringify(answer)).toBe(0);
  return answer.data;
}

/**
 * The studio's stored language is en (SPEC §4: it signs in on /en); it switches the page to
 * Japanese, which stores jp as its language.
 */
async function studioInJapanese(page: Page): Promise<void> {
  await page.goto('/jp/designer/profile');
  await loginAtProvider(page, 'studio@example.com');
  await page.waitForURL(/\/(jp|en)\/designer\/profile$/);
  if (page.url().includes('/en/')) {
    await page.getByTestId('lang-jp').click();
    await page.waitForURL(/\/jp\/designer\/profile$/);
  }
}

async function subOfSession(page: Page): Promise<string> {
  const res = await page.request.get('/api/auth/session');
  return ((await res.json()) as { user: { sub: string } }).user.sub;
}

/** A secondary IP with a long name filed under the designer, made by holder staff (a draft: its designer sees it). */
async function holderIpFor(page: Page, designerKey: string, name: string): Promise<string> {
  const res = await page.request.post('/api/v1/IP', { data: { name, kind: 'secondary', designer: designerKey } });
  const answer = (await res.json()) as Envelope<{ key: string }>;
  expect(answer.status, JSON.stringify(answer)).toBe(0);
  return answer.data.key;
}

test('SPEC §2 Designer view page / §9: the corporate designer page shows every section, the IP table and the edit button to its owner', async ({
  page,
  browser,
}) => {
  await studioInJapanese(page);
  const studio = await ensureDesigner(page, await subOfSession(page), corporate);

  const holderContext = await browser.newContext();
  const holder = await holderContext.newPage();
  await signInAt(holder, 'holder', '/jp/holder/ip');
  const longName = `とても長い名前のIPです。四十文字を超えると切り詰められて表示されることを確かめます ${Date.now()}`;
  const ipKey = await holderIpFor(holder, studio.key, longName);
  await holderContext.close();

  await page.goto(`/jp/designer/${studio.key}`);
  await expect(page.getByTestId('designer-display-name')).toHaveText('株式会社スタジオさくら');
  await expect(page.getByTestId('designer-type')).toHaveText('法人デザイナー');
  await expect(page.getByTestId('designer-cat')).toHaveText('イラスト');
  await expect(page.getByTestId('designer-pr')).toHaveText(corporate.pr);
  for (const section of ['basic', 'terms', 'documents', 'contact', 'location', 'corporate']) {
    await expect(page.getByTestId(`section-${section}`)).toBeVisible();
  }
  await expect(page.getByTestId('section-basic').getByTestId('field-license')).toHaveText('色彩検定1級');
  await expect(page.getByTestId('section-terms').getByTestId('field-product_version')).toHaveText('1.2');
  await expect(page.getByTestId('section-terms').getByTestId('field-terms_updated')).toHaveText('2025-04-01 09:30:00');
  await expect(page.getByTestId('section-location').getByTestId('field-city')).toHaveText('渋谷区');
  await expect(page.getByTestId('section-corporate').getByTestId('field-invno')).toHaveText('T9234567890123');

  const row = page.locator('[data-testid=designer-ip-row]').filter({ hasText: longName.slice(0, 40) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('designer-ip-name')).toHaveText(`${Array.from(longName).slice(0, 40).join('')} ...`);
  await expect(row.getByTestId('designer-ip-state')).toHaveText('下書き');
  await expect(row).toHaveAttribute('data-href', `/designer/ip/${studio.key}/${ipKey}`);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), row.getByTestId('designer-ip-name').click()]);
  // The link carries no language; the site sends it to the default one, where the IP page opens.
  await tab.waitForURL((url) => url.pathname === `/jp/designer/ip/${studio.key}/${ipKey}`);
  await expect(tab.getByTestId('ip-page-name')).toHaveText(longName);
  await tab.close();

  await expect(page.getByTestId('designer-edit')).toBeVisible();

  await page.goto(`/en/designer/${studio.key}`);
  await expect(page.getByTestId('designer-type')).toHaveText('Corporate designer');
  await expect(page.getByTestId('section-corporate')).toContainText('Business registration number');
});

test('SPEC §2 Designer view page: a personal designer page hides Corporate, and another designer sees no edit button', async ({
  page,
  browser,
}) => {
  await signInAt(page, 'designer', '/jp/designer/profile');
  const aoi = await ensureDesigner(page, await subOfSession(page), personal);
  await page.goto(`/jp/designer/${aoi.key}`);
  await expect(page.getByTestId('designer-display-name')).toHaveText('Aoi Designs');
  await expect(page.getByTestId('designer-type')).toHaveText('個人デザイナー');
  await expect(page.getByTestId('section-contact')).toBeVisible();
  await expect(page.getByTestId('section-corporate')).toHaveCount(0);
  await expect(page.getByTestId('designer-edit')).toBeVisible();

  const studioContext = await browser.newContext();
  const studioPage = await studioContext.newPage();
  await studioInJapanese(studioPage);
  const studio = await ensureDesigner(studioPage, await subOfSession(studioPage), corporate);
  await studioContext.close();

  // The personal designer opens the studio's page: its public profile only, not theirs to edit.
  await page.goto(`/jp/designer/${studio.key}`);
  await expect(page.getByTestId('designer-display-name')).toHaveText('株式会社スタジオさくら');
  await expect(page.getByTestId('designer-type')).toHaveText('法人デザイナー');
  await expect(page.getByTestId('designer-pr')).toHaveText(corporate.pr);
  await expect(page.getByTestId('designer-public-only')).toBeVisible();
  for (const section of ['basic', 'terms', 'documents', 'contact', 'location', 'corporate']) {
    await expect(page.getByTestId(`section-${section}`)).toHaveCount(0);
  }
  const body = await page.locator('main').innerText();
  for (const secret of ['03-1234-5678', '1234567890123', 'T1234567890123', '山田 花子', 'studio@example.com']) {
    expect(body).not.toContain(secret);
  }
  await expect(page.getByTestId('designer-edit')).toHaveCount(0);
});

test('editing with a bad email shows the message under the field and changes nothing', async ({ page }) => {
  await signInAt(page, 'corporateDesigner', '/en/designer/profile');
  const before = await ensureDesigner(page, await subOfSession(page), corporate);
  await page.reload();
  await page.getByTestId('designer-edit').click();
  await expect(page.getByTestId('designer-edit-form')).toBeVisible();
  await expect(page.getByTestId('fieldset-corporate')).toBeVisible();
  await page.getByTestId('profile-email').fill('not-an-email');
  await page.getByTestId('profile-tel').fill('099-999-9999');
  await page.getByTestId('designer-edit-save').click();
  await expect(page.getByTestId('profile-email-error')).toHaveText('Enter a valid e-mail address.');
  await expect(page.getByTestId('profile-email')).toHaveClass(/is-invalid/);

  const after = (await (await page.request.get(`/api/v1/Designer/${before.key}`)).json()) as Envelope<Designer & { tel: string }>;
  expect(after.data.version).toBe(before.version);
  expect(after.data.email).toBe('studio@example.com');
  expect(after.data.tel).toBe('03-1234-5678');

  // A good edit saves.
  await page.getByTestId('profile-email').fill('studio@example.com');
  await page.getByTestId('designer-edit-save').click();
  await expect(page.getByTestId('designer-saved')).toBeVisible();
  await expect(page.getByTestId('section-contact').getByTestId('field-tel')).toHaveText('099-999-9999');
});

test('the profile form offers no type switch, and a new contact e-mail waits for its confirmation link', async ({ page }) => {
  await signInAt(page, 'designer', '/jp/designer/profile');
  const before = await ensureDesigner(page, await subOfSession(page), { ...personal, email: 'designer@example.com' });
  await page.reload();
  await page.getByTestId('designer-edit').click();
  await expect(page.getByTestId('designer-edit-form')).toBeVisible();
  // The type is shown, with where it changes, but there is nothing to choose.
  await expect(page.getByTestId('profile-role')).toHaveCount(0);
  await expect(page.getByTestId('profile-role-fixed')).toContainText('個人デザイナー');
  await expect(page.getByTestId('profile-role-fixed')).toContainText('申請');
  await expect(page.getByTestId('profile-email-hint')).toContainText('確認用のリンク');
  await page.screenshot({ path: 'test-results/designer-profile-edit.png', fullPage: true });

  const wanted = `aoi-${Date.now()}@example.net`;
  await page.getByTestId('profile-email').fill(wanted);
  await page.getByTestId('designer-edit-save').click();
  await expect(page.getByTestId('designer-saved')).toContainText(wanted);
  // Until the link is followed the old address stays in use.
  await expect(page.getByTestId('section-contact').getByTestId('field-email')).toHaveText('designer@example.com');
  const stored = (await (await page.request.get(`/api/v1/Designer/${before.key}`)).json()) as Envelope<
    Designer & { pending_verification?: Record<string, string> }
  >;
  expect(stored.data.email).toBe('designer@example.com');
  expect(stored.data.pending_verification).toEqual({ email: wanted });
  await page.getByTestId('designer-edit').click();
  await expect(page.getByTestId('designer-email-pending')).toContainText(wanted);
  await page.getByTestId('designer-edit-cancel').click();

  // The confirmation mail went to the new address (read as the outbox shows it to an administrator).
  const link = await confirmationLink(page, wanted);
  await page.goto(link);
  await expect(page.getByTestId('verify-contact')).toBeVisible();
  await page.getByTestId('verify-contact-confirm').click();
  await expect(page.getByTestId('verify-contact-done')).toContainText(wanted);
  await page.screenshot({ path: 'test-results/verify-contact-done.png' });
  await page.goto('/jp/designer/profile');
  await expect(page.getByTestId('section-contact').getByTestId('field-email')).toHaveText(wanted);
  // The link works once.
  await page.goto(link);
  await page.getByTestId('verify-contact-confirm').click();
  await expect(page.getByTestId('verify-contact-error')).toContainText('使用済み');
  // Back to the account's own address: used at once, no confirmation needed.
  const own = (await (await page.request.get(`/api/v1/Designer/${before.key}`)).json()) as Envelope<Designer>;
  const reset = await page.request.patch(`/api/v1/Designer/${before.key}`, {
    data: { email: 'designer@example.com', version: own.data.version },
  });
  expect(((await reset.json()) as Envelope<Designer>).data.email).toBe('designer@example.com');
});

/** The link of the newest confirmation mail to `to`, from the outbox an administrator reads. */
async function confirmationLink(page: Page, to: string): Promise<string> {
  const admin = await page.context().browser()!.newContext();
  const adminPage = await admin.newPage();
  await signInAt(adminPage, 'admin', '/jp/sys/mail');
  let text = '';
  await expect
    .poll(async () => {
      const list = (await (await adminPage.request.get('/api/core/mail/list?limit=50')).json()) as Envelope<{
        items: { key: string; to: string; template: string | null }[];
      }>;
      const mail = list.data.items.find((m) => m.to === to && m.template === 'contact-verify');
      if (!mail) return '';
      const full = (await (await adminPage.request.get(`/api/core/mail/${mail.key}`)).json()) as Envelope<{ text: string }>;
      text = full.data.text;
      return text;
    })
    .toContain('/verify-contact?token=');
  await admin.close();
  const url = new URL(/https?:\/\/\S+\/verify-contact\?token=[A-Za-z0-9_-]+/.exec(text)![0]);
  return `${url.pathname}${url.search}`;
}
