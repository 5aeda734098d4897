/**
 * Invitations end to end: the holder invites a licensee by e-mail, the message arrives at a real
 * SMTP listener, the invitee follows its link, creates an account at the embedded provider,
 * accepts and lands in the licensee section as the owner of the new organisation.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { smtpPort } from '../../playwright.config';
import { expect, test, signInAt } from './fixtures';

const inbox: ParsedMail[] = [];
let server: SMTPServer;

test.beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no STARTTLS offered, so the server's transport sends in clear.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort, '127.0.0.1', () => resolve());
  });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

async function mailTo(address: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = inbox.find((mail) => recipients(mail).includes(address.toLowerCase()));
        return Boolean(found);
      },
      { timeout: 30_000, message: `no mail to ${address} reached the SMTP listener` },
    )
    .toBe(true);
  return found!;
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

  // The invitee has no account: they follow the link and create one at the provider.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link!);
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
