/**
 * The jobs page: a message whose recipient the SMTP server refuses for good becomes a dead job;
 * the administrator finds it on sys/jobs (jp and en), reads its error and, once the server
 * accepts the address again, runs it again: the job is done and the message arrives once.
 */
import { SMTPServer } from 'smtp-server';
import { type Page } from '@playwright/test';
import { smtpPort } from '../../playwright.config';
import { api, personaAt } from './api-setup';
import { expect, test } from './fixtures';

const refused = new Set<string>();
const received: string[] = [];
let server: SMTPServer;

test.beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const err = new Error('mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
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

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a dead mail job is visible on sys/jobs and the administrator runs it again', async ({ browser }) => {
  test.setTimeout(180_000);
  const subject = `Dead letter ${Date.now().toString(36)}`;
  refused.add('user@example.com');
  const admin = await personaAt(browser, 'admin', '/jp/sys/jobs');
  await expect(admin.getByTestId('sys-jobs')).toBeVisible();

  const queued = await api<{ key: string }>(admin, 'POST', '/api/notify/emit/email', {
    to: 'user@example.com',
    subject,
    text: 'Refused first, sent after the retry.',
    lang: 'en',
  });

  // The server refuses the recipient for good: the job is dead at its first attempt.
  await admin.getByTestId('jobs-filter-state').selectOption('dead');
  await admin.getByTestId('jobs-filter-kind').selectOption('mail');
  const row = admin.locator(`[data-testid^="job-row-"][data-subject="${queued.key}"]`);
  await expect(async () => {
    await admin.getByTestId('jobs-refresh').click();
    await expect(row).toHaveAttribute('data-state', 'dead', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.getByTestId('job-state')).toHaveText('停止');
  // The job is named by what the administrator recognises: the recipient and the subject line.
  await expect(row.getByTestId('job-label')).toContainText(`user@example.com: ${subject}`);
  await expect(admin.getByTestId('jobs-count-dead')).toBeVisible();
  await row.getByRole('button', { name: '開く' }).click();
  await expect(admin.getByTestId('job-last-error')).toContainText('550');
  await expect(admin.getByTestId('job-payload')).toContainText(queued.key);
  await shot(admin, 'sys-jobs-dead-jp');
  await admin.getByTestId('job-detail').getByRole('button', { name: '閉じる' }).last().click();

  // The same in English, where the administrator runs it again once the address is accepted.
  await admin.goto('/en/sys/jobs');
  await admin.getByTestId('jobs-filter-state').selectOption('dead');
  const enRow = admin.locator(`[data-testid^="job-row-"][data-subject="${queued.key}"]`);
  await expect(enRow.getByTestId('job-state')).toHaveText('Dead');
  await expect(enRow).toContainText('E-mail delivery');
  refused.delete('user@example.com');
  await enRow.getByRole('button', { name: 'Run again now' }).click();
  await expect(admin.getByTestId('jobs-notice')).toContainText('will run again shortly');

  // The worker sends it: the job is done and the message arrives once.
  await admin.getByTestId('jobs-filter-state').selectOption('done');
  const doneRow = admin.locator(`[data-testid^="job-row-"][data-subject="${queued.key}"]`);
  await expect(async () => {
    await admin.getByTestId('jobs-refresh').click();
    await expect(doneRow).toHaveAttribute('data-state', 'done', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect.poll(() => received.filter((raw) => raw.includes(subject)).length, { timeout: 30_000 }).toBe(1);
  await shot(admin, 'sys-jobs-done-en');

  // The outbox shows the message sent, and leads to the jobs page.
  await admin.goto('/en/sys/mail');
  await expect(admin.getByTestId(`mail-row-${queued.key}`).getByTestId('mail-state')).toHaveText('Sent');
  await admin.getByTestId('mail-jobs-link').click();
  await expect(admin).toHaveURL(/\/en\/sys\/jobs$/);
});
