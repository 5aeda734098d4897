/**
 * Invitations end to end: the holder invites a licensee by e-mail, the message arrives at a real
 * SMTP listener, the invitee follows its link, creates an account at the embedded provider,
 * accepts and lands in the licensee section as the owner of the new organisation.
 */
import type { ParsedMail } from 'mailparser';
import { expect, test, signInAt } from './fixtures';
import { openInbox, type Inbox } from './smtp-inbox';

let inbox: Inbox;

test.beforeAll(async () => {
  inbox = await openInbox();
});

test.afterAll(async () => {
  await inbox.close();
});

function mailTo(address: string): Promise<ParsedMail> {
  return inbox.waitFor(address, () => true, `no mail to ${address} reached the SMTP listener`);
}

test('a holder invites a licensee by e-mail; the invitee signs up, accepts and lands in the licensee section', async ({
  page,
  browser,
}) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1000)}`;
  const email = `invitee-${stamp}@example.com`;
  const organisation = `Invited Snacks ${stamp}`;

  // The holder sends the invitation from holder/invite/licensee.
  await signInAt(page, 'holder', '/jp/holder/invite/licensee');
  await page.getByTestId('invite-name').fill(organisation);
  await page.getByTestId('invite-email').fill(email);
  await page.getByTestId('invite-lang').selectOption('en');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('invite-notice')).toContainText(email);
  const row = page.locator(`[data-testid="invite-row"][data-email="${email}"]`);
  await expect(row).toHaveAttribute('data-state', 'pending');

  // The e-mail arrives over SMTP with the single-use link.
  const mail = await mailTo(email);
  expect(mail.subject).toContain(organisation);
  const link = /https?:\/\/\S+\/en\/invite\/accept\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(mail.html || '').toContain(link!.replace(/&/g, '&amp;'));

  // The invitee has no account. Before signing in, the link's page says who invited them (person
  // and organisation) to which organisation and role, and until when, in the invitation's language.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link!);
  const card = invitee.getByTestId('invite-accept-card');
  await expect(card).toHaveAttribute('data-state', 'pending');
  await expect(card.getByTestId('invite-accept-what')).toContainText(organisation);
  await expect(card.getByTestId('invite-accept-what')).toContainText(' of ');
  await expect(card.getByTestId('invite-accept-organisation')).toHaveText(organisation);
  await expect(card.getByTestId('invite-field-role')).toHaveText('Owner');
  await expect(card.getByTestId('invite-field-email')).toHaveText(email);
  await expect(card.getByTestId('invite-field-expires')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(card.getByTestId('invite-field-inviter')).toContainText('(');
  await expect(card.getByTestId('invite-sign-in-intro')).toContainText(email);
  // …and then they sign in, or create the account, from there.
  await card.getByTestId('invite-sign-in').click();
  await invitee.waitForURL(/\/interaction\//);
  await invitee.getByTestId('signup-link').click();
  await invitee.getByTestId('signup-form').waitFor();
  await invitee.locator('#signup-name').fill('Invited Owner');
  await invitee.locator('#signup-email').fill(email);
  await invitee.locator('#signup-password').fill('invitee-password-1');
  await invitee.locator('#signup-confirm').fill('invitee-password-1');
  await invitee.getByTestId('signup-submit').click();
  const allow = invitee.getByTestId('consent-allow');
  await Promise.race([allow.waitFor().then(() => allow.click()), invitee.waitForURL(/\/invite\/accept\?token=/)]);

  // Back on the accept page: it says what the invitation is, and accepting opens the licensee section.
  // The page's language may follow the new account's stored language (jp by default).
  await invitee.waitForURL(/\/(en|jp)\/invite\/accept\?token=/);
  await expect(invitee.getByTestId('invite-accept-what')).toContainText(organisation);
  await invitee.getByTestId('invite-accept').click();
  await invitee.waitForURL(/\/(en|jp)\/licensee\/list$/);
  await expect(invitee.getByTestId('menu-group-section.licensee')).toBeVisible();

  // The link is single-use, and the holder's list shows the invitation accepted.
  await invitee.goto(link!);
  await expect(invitee.getByTestId('invite-accept-card')).toHaveAttribute('data-state', 'accepted');
  await expect(invitee.getByTestId('invite-accept-closed')).toBeVisible();
  await context.close();
  await page.reload();
  await expect(page.locator(`[data-testid="invite-row"][data-email="${email}"]`)).toHaveAttribute('data-state', 'accepted');
});

test('[jp] a withdrawn invitation says so before sign-in, and whom to ask for a new one', async ({ page, browser }) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1000)}`;
  const email = `withdrawn-${stamp}@example.com`;
  const organisation = `取消テスト商事 ${stamp}`;
  await signInAt(page, 'holder', '/jp/holder/invite/licensee');
  await page.getByTestId('invite-name').fill(organisation);
  await page.getByTestId('invite-email').fill(email);
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('invite-notice')).toContainText(email);
  const link = /https?:\/\/\S+\/jp\/invite\/accept\?token=[A-Za-z0-9_-]+/.exec((await mailTo(email)).text ?? '')?.[0];
  expect(link).toBeTruthy();
  const row = page.locator(`[data-testid="invite-row"][data-email="${email}"]`);
  const key = await row.getAttribute('data-key');
  const withdrawn = await page.request.delete(`/api/invite/${key}`);
  expect(withdrawn.ok()).toBe(true);

  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link!);
  const card = invitee.getByTestId('invite-accept-card');
  await expect(card).toHaveAttribute('data-state', 'revoked');
  await expect(card.getByTestId('invite-field-role')).toHaveText('オーナー');
  await expect(card.getByTestId('invite-accept-closed')).toContainText('取り消されました');
  await expect(card.getByTestId('invite-accept-closed')).toContainText('新しい招待を依頼してください');
  await expect(card.getByTestId('invite-sign-in')).toHaveCount(0);
  await context.close();
});
