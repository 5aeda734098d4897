import { type Browser, type Page } from '@playwright/test';
import { api, personaAt } from './api-setup';
import { expect, test, personas } from './fixtures';
import { openInbox, type Inbox } from './smtp-inbox';

/**
 * Changes requested reach the applicant: legal asks for changes on a license application; the
 * licensee is told in the bell and by mail (the license by its number, legal's comment quoted,
 * a link to the license), follows the link, reads the request in the license's history, corrects
 * the rate and submits it again; the approver's queue and home show each item's deadline, and the
 * licensee's home lists the license sent back. Setup goes
 * through the API; the journey only uses what pages and mails show.
 */

const SHOTS = process.env.WAITING_SHOTS;
let inbox: Inbox;

test.beforeAll(async () => {
  inbox = await openInbox();
});

test.afterAll(async () => {
  await inbox.close();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const copy = {
  jp: {
    comment: '料率を再確認してください',
    queueDeadline: /^期限 \d{4}年\d{1,2}月\d{1,2}日$/,
    changesSubject: '修正依頼',
    stateChanges: '修正依頼',
    stateInReview: '審査中',
    rate: '6.5',
    rateShown: '6.5%',
  },
  en: {
    comment: 'Please check the royalty rate again',
    queueDeadline: /^due \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    changesSubject: 'Changes requested',
    stateChanges: 'Changes requested',
    stateInReview: 'In review',
    rate: '7.25',
    rateShown: '7.25%',
  },
} as const;

type Lang = keyof typeof copy;

/** A published IP and a license application for it by the licensee owner, sent to the reviewers. */
async function applicationUnderReview(browser: Browser, lang: Lang, ipName: string) {
  const holder = await personaAt(browser, 'holder', `/${lang}/holder/ip`);
  const ip = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', { name: ipName, kind: 'primary' });
  await api(holder, 'POST', `/api/v1/IP/${ip.key}/publish`);
  await holder.context().close();
  const owner = await personaAt(browser, 'licenseeOwner', `/${lang}/licensee/list`);
  // The licensee reads the site in the language of this run (its one language setting).
  await api(owner, 'POST', '/api/core/users/profile/update', { lang });
  const orgs = await api<{ items: { key: string }[] }>(owner, 'POST', '/api/v1/Licensee/query', { limit: 10 });
  const license = await api<{ key: string }>(owner, 'POST', '/api/v1/License', {
    ip: ip.key,
    licensee: orgs.items[0]!.key,
    territory: ['JP'],
    term_start: '2027-04-01',
    term_end: '2028-03-31',
    royalty_rate_bp: 800,
    currency: 'JPY',
  });
  await api(owner, 'POST', `/api/v1/License/${license.key}/start_review`);
  return owner;
}

for (const lang of ['jp', 'en'] as const) {
  test(`[${lang}] legal requests changes; the licensee reads them by notification and mail, corrects the rate and resubmits`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const t = copy[lang];
    const stamp = Date.now().toString(36);
    const ipName = lang === 'jp' ? `修正キャラ ${stamp}` : `Correction ${stamp}`;
    const owner = await applicationUnderReview(browser, lang, ipName);

    // Legal's home lists the application among what waits for it, with its deadline.
    // Signed in on a page that needs it (the home is public), then to the home.
    const legal = await personaAt(browser, 'legal', `/${lang}/holder/approve/license`);
    // SPEC §8: an address stored before a sign-in is restored on the root; this visit is for the home itself.
    await legal.evaluate(() => localStorage.removeItem('redirectAfterSignIn'));
    await legal.goto(`/${lang}`);
    await expect(legal.getByTestId('home-section-reviews')).toBeVisible();
    const waiting = legal.getByTestId('home-section-reviews').getByTestId('home-item').filter({ hasText: ipName });
    await expect(waiting).toHaveCount(1);
    await expect(waiting.getByTestId('home-deadline')).toHaveText(t.queueDeadline);
    await shot(legal, `${lang}-home-reviews`);

    // Legal's queue: the application by its number and licensee, with the waiting time and the deadline.
    await legal.goto(`/${lang}/holder/approve/license`);
    const item = legal.getByTestId('queue-item').filter({ hasText: ipName });
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('queue-deadline')).toHaveText(t.queueDeadline);
    const reference = /LIC-\d{4}-\d{4}/.exec(await item.getByTestId('queue-name').innerText())?.[0];
    expect(reference).toBeTruthy();
    await shot(legal, `${lang}-queue-deadline`);
    await item.click();
    await legal.getByTestId('decision-comment').fill(t.comment);
    await legal.getByTestId('decide-changes_requested').click();
    await expect(legal.getByTestId('decision-success')).toBeVisible();
    await expect(item).toHaveCount(0);
    await legal.context().close();

    // The mail names the license by number, quotes legal's comment and links to the license.
    const mail = await inbox.waitFor(
      personas.licenseeOwner,
      (m) => (m.subject ?? '').includes(reference!) && (m.subject ?? '').includes(t.changesSubject),
      `no changes-requested mail for ${reference}`,
    );
    expect(mail.text).toContain(t.comment);
    const link = new RegExp(`https?://[^\\s]+/${lang}/licensee/list\\?open=${reference}`).exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();

    // The licensee's home lists the license among the changes requested, linking to it.
    await owner.goto(`/${lang}`);
    const sentBack = owner.getByTestId('home-section-changes').getByTestId('home-item').filter({ hasText: reference! });
    await expect(sentBack).toHaveCount(1);
    await expect(sentBack.getByRole('link')).toHaveAttribute('href', `/${lang}/licensee/list?open=${reference}`);
    await shot(owner, `${lang}-home-changes`);

    // The bell says the same, with the way to the license.
    await owner.getByTestId('notify-bell').click();
    const viewer = owner.getByTestId('notify-viewer');
    const note = viewer
      .locator('[data-testid^="notify-item-"]')
      .filter({ hasText: reference! })
      .filter({ hasText: t.changesSubject });
    await expect(note).toHaveCount(1);
    await note.click();
    await expect(viewer.getByTestId('notify-content')).toContainText(t.comment);
    await shot(owner, `${lang}-notification`);
    await viewer.getByTestId('notify-open').click();

    // The link opens the license: its true state, the request with legal's comment, the history.
    await owner.waitForURL(new RegExp(`/${lang}/licensee/list`));
    const detail = owner.getByTestId('license-detail');
    await expect(detail.getByTestId('reference')).toHaveText(reference!);
    await expect(detail.getByTestId('license-detail-state')).toHaveText(t.stateChanges);
    await expect(detail.getByTestId('license-change-comment')).toHaveText(t.comment);
    await expect(detail.getByTestId('review-rounds')).toContainText(t.comment);
    await shot(owner, `${lang}-license-changes`);

    // The mail's own link leads to the same place.
    await owner.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await expect(owner.getByTestId('license-detail').getByTestId('license-change-comment')).toHaveText(t.comment);

    // Correct the rate and send it again.
    await detail.getByTestId('license-edit').click();
    await detail.getByTestId('license-edit-rate').fill(t.rate);
    await detail.getByTestId('license-edit-save').click();
    await expect(detail.getByTestId('license-notice')).toBeVisible();
    await detail.getByTestId('license-step-resubmit').click();
    await owner.getByTestId('dialog-confirm').locator('.btn-primary').click();
    await expect(detail.getByTestId('license-detail-state')).toHaveText(t.stateInReview);
    await shot(owner, `${lang}-resubmitted`);
    await detail
      .getByRole('button', { name: lang === 'jp' ? '閉じる' : 'Close', exact: true })
      .last()
      .click();
    const row = owner.getByTestId('license-row').filter({ hasText: reference! });
    await expect(row.getByTestId('license-state')).toHaveText(t.stateInReview);
    await expect(row).toContainText(t.rateShown);

    // Back in legal's queue, with a new deadline.
    const again = await personaAt(browser, 'legal', `/${lang}/holder/approve/license`);
    const back = again.getByTestId('queue-item').filter({ hasText: reference! });
    await expect(back).toHaveCount(1);
    await expect(back.getByTestId('queue-deadline')).toHaveText(t.queueDeadline);
    await again.context().close();
    await api(owner, 'POST', '/api/core/users/profile/update', { lang: 'jp' });
    await owner.context().close();
  });
}
