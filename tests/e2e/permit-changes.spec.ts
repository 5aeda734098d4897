import type { Page } from '@playwright/test';
import { api, personaAt } from './api-setup';
import { expect, personas, test } from './fixtures';
import { openInbox, type Inbox } from './smtp-inbox';

/**
 * Changes requested on a usage permit reach the designer who asked for it: the designer requests
 * a permit on the permits page; the brand chooses 修正を依頼 with a comment; the designer is told
 * in the bell and by mail (the permit by its number, the comment quoted, a link to the permit),
 * finds it on the home, follows the link to the permit's own panel, reads the request and the
 * history, corrects the purpose, answers and resubmits; the brand's mail link opens the permit
 * again in its queue. Only the primary IP is made through the API; the rest is what pages and
 * mails show.
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
    purpose: '季節限定パッケージのイラストに使います。',
    comment: '使う商品の種類と販売期間を書いてください',
    corrected: '季節限定パッケージ（菓子の箱、2027年春）のイラストに使います。',
    note: '商品の種類と期間を追記しました',
    changesSubject: '修正依頼',
    stateRequested: '申請中',
    stateChanges: '修正依頼',
    resubmittedLog: '再提出',
    close: '閉じる',
    brand: 'ブランド',
  },
  en: {
    purpose: 'Artwork for a seasonal package.',
    comment: 'Please say which products and for how long',
    corrected: 'Artwork for a seasonal package (biscuit boxes, spring 2027).',
    note: 'Added the products and the period',
    changesSubject: 'Changes requested',
    stateRequested: 'Requested',
    stateChanges: 'Changes requested',
    resubmittedLog: 'Resubmitted',
    close: 'Close',
    brand: 'Brand',
  },
} as const;

for (const lang of ['jp', 'en'] as const) {
  test(`[${lang}] the brand asks for changes on a usage permit; the designer reads them by bell and mail, corrects and resubmits`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const t = copy[lang];
    const stamp = Date.now().toString(36);
    const ipName = lang === 'jp' ? `許諾キャラ ${stamp}` : `Permit chara ${stamp}`;
    const holder = await personaAt(browser, 'holder', `/${lang}/holder/ip`);
    const ip = await api<{ key: string }>(holder, 'POST', '/api/v1/IP', { name: ipName, kind: 'primary' });
    await api(holder, 'POST', `/api/v1/IP/${ip.key}/publish`);
    await holder.context().close();

    // The designer asks for a permit on its permits page, reading the site in this run's language.
    const designer = await personaAt(browser, 'designer', `/${lang}/designer/usage`);
    await api(designer, 'POST', '/api/core/users/profile/update', { lang });
    await designer.reload();
    await designer.getByTestId('permit-ip').selectOption({ label: ipName });
    await designer.getByTestId('permit-purpose').fill(t.purpose);
    await designer.getByTestId('permit-submit').click();
    await expect(designer.getByTestId('permit-requested')).toContainText(ipName);
    const row = designer.getByTestId('usage-row').filter({ hasText: ipName });
    await expect(row.getByTestId('usage-state')).toHaveText(t.stateRequested);
    const reference = (await row.getByTestId('reference').innerText()).trim();
    expect(reference).toMatch(/^USE-\d{4}-\d{4}$/);

    // The brand asks for changes from its queue's permits tab.
    const brand = await personaAt(browser, 'brand', `/${lang}/holder/approve/ip?tab=usages`);
    const item = brand.getByTestId('queue-item').filter({ hasText: reference });
    await expect(item).toHaveCount(1);
    await item.click();
    await brand.getByTestId('decision-comment').fill(t.comment);
    await brand.getByTestId('decide-changes_requested').click();
    await expect(brand.getByTestId('decision-success')).toBeVisible();
    await expect(item).toHaveCount(0);
    await brand.context().close();

    // The mail names the permit by number, quotes the brand's comment and links to the permit.
    const mail = await inbox.waitFor(
      personas.designer,
      (m) => (m.subject ?? '').includes(reference) && (m.subject ?? '').includes(t.changesSubject),
      `no changes-requested mail for ${reference}`,
    );
    expect(mail.text).toContain(t.comment);
    const link = new RegExp(`https?://[^\\s]+/${lang}/designer/usage\\?open=${reference}`).exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();

    // The home lists the permit among the changes requested, linking to it.
    await designer.evaluate(() => localStorage.removeItem('redirectAfterSignIn'));
    await designer.goto(`/${lang}`);
    const sentBack = designer.getByTestId('home-section-changes').getByTestId('home-item').filter({ hasText: reference });
    await expect(sentBack).toHaveCount(1);
    await expect(sentBack.getByRole('link')).toHaveAttribute('href', `/${lang}/designer/usage?open=${reference}`);
    await shot(designer, `${lang}-permit-home-changes`);

    // The bell says the same, with the way to the permit.
    await designer.getByTestId('notify-bell').click();
    const viewer = designer.getByTestId('notify-viewer');
    const note = viewer
      .locator('[data-testid^="notify-item-"]')
      .filter({ hasText: reference })
      .filter({ hasText: t.changesSubject });
    await expect(note).toHaveCount(1);
    await note.click();
    await expect(viewer.getByTestId('notify-content')).toContainText(t.comment);
    await viewer.getByTestId('notify-open').click();

    // The link opens the permit's own panel: its state, the request with the comment, the history.
    await designer.waitForURL(new RegExp(`/${lang}/designer/usage`));
    const detail = designer.getByTestId('permit-detail');
    await expect(detail.getByTestId('reference')).toHaveText(reference);
    await expect(detail.getByTestId('permit-detail-name')).toContainText(ipName);
    await expect(detail.getByTestId('permit-detail-state')).toHaveText(t.stateChanges);
    await expect(detail.getByTestId('permit-change-comment')).toHaveText(t.comment);
    await expect(detail.getByTestId('review-rounds')).toContainText(t.comment);
    await expect(detail.getByTestId('permit-detail-purpose')).toHaveText(t.purpose);
    // Who asked, in words (the approval texts are loaded on this page: no raw key shows).
    await expect(detail.getByTestId('permit-change-request')).toContainText(t.brand);
    for (const key of ['changes.by', 'history.round', 'history.by', 'log.time', 'log.who'])
      await expect(detail).not.toContainText(key);
    await shot(designer, `${lang}-permit-changes`);

    // The mail's own link leads to the same place.
    await designer.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await expect(designer.getByTestId('permit-detail').getByTestId('permit-change-comment')).toHaveText(t.comment);

    // An emptied purpose is refused on the field; corrected, with an answer, it goes back to review.
    await detail.getByTestId('permit-resubmit-purpose').fill('');
    await detail.getByTestId('permit-resubmit').click();
    await expect(detail.getByTestId('permit-resubmit-purpose-error')).toBeVisible();
    await expect(detail.getByTestId('permit-detail-state')).toHaveText(t.stateChanges);
    await detail.getByTestId('permit-resubmit-purpose').fill(t.corrected);
    await detail.getByTestId('permit-resubmit-note').fill(t.note);
    await detail.getByTestId('permit-resubmit').click();
    await expect(detail.getByTestId('permit-detail-notice')).toContainText(reference);
    await expect(detail.getByTestId('permit-detail-state')).toHaveText(t.stateRequested);
    await expect(detail.getByTestId('permit-detail-purpose')).toHaveText(t.corrected);
    await expect(detail.getByTestId('permit-resubmit-form')).toHaveCount(0);
    // Every round is kept: the first with the brand's request, the second waiting.
    await expect(detail.getByTestId('review-round')).toHaveCount(2);
    const log = detail.getByTestId('workflow-log');
    await expect(log.locator('tr').filter({ hasText: t.resubmittedLog })).toContainText(t.note);
    await shot(designer, `${lang}-permit-resubmitted`);
    await detail.getByTestId('permit-detail-close').click();
    await expect(designer.getByTestId('usage-row').filter({ hasText: reference }).getByTestId('usage-state')).toHaveText(
      t.stateRequested,
    );
    await api(designer, 'POST', '/api/core/users/profile/update', { lang: 'jp' });
    await designer.context().close();

    // The brand's review mail opens the permit on its queue's permits tab.
    const review = await inbox.waitFor(
      personas.brand,
      (m) => (m.text ?? '').includes(`/holder/approve/ip?tab=usages&open=${reference}`),
      `no review mail for ${reference}`,
    );
    const reviewLink = /https?:\/\/\S+\/holder\/approve\/ip\?tab=usages&open=\S+/.exec(review.text ?? '')![0];
    const again = await personaAt(browser, 'brand', reviewLink.replace(/^https?:\/\/[^/]+/, ''));
    await expect(again.getByTestId('approval-usages')).toBeVisible();
    await expect(again.getByTestId('queue-item').filter({ hasText: reference })).toHaveCount(1);
    await expect(again.getByTestId('approval-detail')).toContainText(t.corrected);
    await again.context().close();
  });
}
