import type { Browser, Page } from '@playwright/test';
import { expect, test, loginAtProvider, signUpAt, subOfPage } from './fixtures';
import { api, personaAt } from './api-setup';

/**
 * SPEC §4 "Language switch": one language setting per person, the profile's. A user whose stored
 * language is en lands on /en after signing in, and their notifications and mail are in English;
 * switching to jp on a page changes all three.
 */
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

interface NotificationItem {
  key: string;
  subject: string;
  content: string;
}

/** The newest notification of the signed-in user whose subject names the application. */
async function newestAbout(page: Page, name: string): Promise<NotificationItem> {
  let found: NotificationItem | undefined;
  await expect
    .poll(async () => {
      const list = await api<{ items: NotificationItem[] }>(page, 'GET', '/api/core/notify/list');
      found = list.items.find((n) => n.subject.includes(name));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** Mails a notification to its target (the user, in the target's language) and reads it back from the outbox as an admin. */
async function mailOf(user: Page, admin: Page, key: string) {
  const mailed = await api<{ mail: string }>(user, 'POST', '/api/core/notify/mail', { key });
  return api<{ subject: string; text: string; lang: string }>(admin, 'GET', `/api/core/mail/${mailed.mail}`);
}

async function signInFresh(browser: Browser, email: string): Promise<Page> {
  // A new browser: no language cookie, so only the person's stored setting can decide.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/jp/profile');
  await loginAtProvider(page, email, 'new-person-password-1');
  return page;
}

test('SPEC §4 one language per person: stored en lands on /en with English notifications and mail; switching to jp changes all three', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const email = `lang-${stamp}@example.com`;
  const name = `Lang Creator ${stamp}`;

  // A new person (stored language jp, the default) chooses English on the profile page.
  const first = await (await browser.newContext()).newPage();
  await signUpAt(first, '/jp/profile', email, 'Lang Person');
  const sub = await subOfPage(first);
  await first.getByTestId('profile-lang').selectOption('en');
  await first.getByTestId('profile-submit').click();
  await first.waitForURL(/\/en\/profile$/);
  await first.context().close();

  // Signing in anew, in a browser that never chose a language: the /jp page sends them to /en.
  const user = await signInFresh(browser, email);
  await user.waitForURL(/\/en\/profile$/);
  await expect(user.locator('html')).toHaveAttribute('lang', 'en');
  await expect(user.getByTestId('profile-lang')).toHaveValue('en');

  // An application of theirs moves on: the notification is written in English, and so is its mail.
  const application = await api<{ key: string }>(user, 'POST', '/api/liquid/apply', {
    applicant_id: sub,
    role: 'personal',
    profile: { creator_name: name, email, name: { first: 'Lang', last: 'Person' }, cat: 'illustration' },
  });
  const admin = await personaAt(browser, 'admin', '/jp/holder/applications');
  await api(admin, 'POST', `/api/liquid/state/${application.key}`, { state: 'reviewing' });
  const english = await newestAbout(user, name);
  expect(english.subject).not.toMatch(JAPANESE);
  expect(english.content).not.toMatch(JAPANESE);
  await user.reload();
  await user.getByTestId('notify-bell').click();
  const viewer = user.getByTestId('notify-viewer');
  await expect(viewer.getByTestId(`notify-item-${english.key}`)).toContainText(english.subject);
  await expect(viewer.getByTestId('notify-mark-all')).toHaveText('Mark all read');
  await viewer.locator('.btn-close').click();
  const englishMail = await mailOf(user, admin, english.key);
  expect(englishMail.lang).toBe('en');
  expect(englishMail.subject).toMatch(/^\[/);
  expect(englishMail.text).toContain('Open the page');
  expect(englishMail.text).not.toMatch(JAPANESE);

  // The switch on the page stores jp: the page, new notifications and mail follow.
  await user.getByTestId('lang-jp').click();
  await user.waitForURL(/\/jp\/profile$/);
  await expect(user.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(user.getByTestId('profile-lang')).toHaveValue('jp');
  const stored = await api<{ lang: string }>(user, 'GET', '/api/core/users/profile');
  expect(stored.lang).toBe('jp');

  await api(admin, 'POST', `/api/liquid/state/${application.key}`, { state: 'rejected', comment: 'test' });
  let japanese: NotificationItem | undefined;
  await expect
    .poll(async () => {
      const list = await api<{ items: NotificationItem[] }>(user, 'GET', '/api/core/notify/list');
      japanese = list.items.find((n) => n.subject.includes(name) && n.key !== english.key);
      return Boolean(japanese);
    })
    .toBe(true);
  expect(japanese!.subject).toMatch(JAPANESE);
  const japaneseMail = await mailOf(user, admin, japanese!.key);
  expect(japaneseMail.lang).toBe('jp');
  expect(japaneseMail.subject).toMatch(/^【/);
  expect(japaneseMail.text).toContain('ページを開く');
  await admin.context().close();
  await user.context().close();

  // And the next sign-in stays on /jp.
  const again = await signInFresh(browser, email);
  await again.waitForURL(/\/jp\/profile$/);
  await again.context().close();
});
