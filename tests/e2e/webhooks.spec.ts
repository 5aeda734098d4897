import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { api, ownDesignerKey, personaAt, type Rec } from './api-setup';
import { expect, test } from './fixtures';

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/** A receiver on loopback (the e2e server allows private targets: WEBHOOK_ALLOW_PRIVATE). */
async function receiver(): Promise<{ url: string; got: Received[]; close: () => Promise<void> }> {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/licensing`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an administrator subscribes an ERP to usage permits (jp): the secret once, a signed delivery, its log and a replay; the page in en', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const hook = await receiver();
  try {
    const admin = await personaAt(browser, 'admin', '/jp/sys/webhooks');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('ウェブフック');
    await admin.getByTestId('hook-url').fill(hook.url);
    await admin.getByTestId('hook-description').fill(`基幹システム ${stamp}`);
    await admin.getByTestId('hook-events-all-usage').check();
    await admin.getByTestId('hook-create-submit').click();
    // The signing secret is shown this once, in a dialog.
    const secret = (await admin.getByTestId('hook-secret-value').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await admin.getByTestId('dialog-info').locator('.modal-footer button').first().click();
    const row = admin.locator(`[data-testid=hook-row][data-url="${hook.url}"]`);
    await expect(row.getByTestId('hook-row-state')).toHaveText('有効');

    // A usage permit is approved: the receiver gets the change, signed per Standard Webhooks.
    const holder = await personaAt(browser, 'holder', '/jp/holder/ip');
    const designer = await personaAt(browser, 'designer', '/jp/designer/usage');
    const brand = await personaAt(browser, 'brand', '/jp/holder/approve/ip');
    const primary = await api<Rec>(holder, 'POST', '/api/v1/IP', { name: `Hook primary ${stamp}`, kind: 'primary' });
    await api(holder, 'POST', `/api/v1/IP/${String(primary.key)}/publish`);
    const usage = await api<Rec>(designer, 'POST', '/api/v1/Usage', {
      ip: primary.key,
      designer: await ownDesignerKey(designer),
      purpose: 'Webhook check',
    });
    await api(brand, 'POST', `/api/v1/Holder/approve/usages/${String(usage.key)}`, { decision: 'approved' });
    await expect.poll(() => hook.got.filter((m) => m.body.includes('"usage.approved"')).length, { timeout: 60_000 }).toBe(1);
    const message = hook.got.find((m) => m.body.includes('"usage.approved"'))!;
    const payload = new Webhook(secret).verify(message.body, {
      'webhook-id': message.id,
      'webhook-timestamp': message.timestamp,
      'webhook-signature': message.signature,
    }) as { type: string; data: { reference: string; to: string } };
    expect(payload.type).toBe('usage.approved');
    expect(payload.data.reference).toBe(String(usage.reference));
    expect(() =>
      new Webhook(secret).verify(message.body.replace('approved', 'rejected'), {
        'webhook-id': message.id,
        'webhook-timestamp': message.timestamp,
        'webhook-signature': message.signature,
      }),
    ).toThrow();

    // The delivery log shows it delivered; a replay sends the same message again.
    await admin.reload();
    await row.getByTestId('hook-show-deliveries').click();
    const delivery = admin.locator('[data-testid=hook-delivery-row][data-event="usage.approved"]');
    await expect(delivery.getByTestId('hook-delivery-state')).toHaveText('送信済み');
    await delivery.getByTestId('hook-replay').click();
    await expect.poll(() => hook.got.filter((m) => m.id === message.id).length, { timeout: 60_000 }).toBe(2);

    // The same page in English, and the endpoint switched off.
    await admin.goto('/en/sys/webhooks');
    await expect(row.getByTestId('hook-row-state')).toHaveText('Enabled');
    await row.getByTestId('hook-toggle').click();
    await expect(row.getByTestId('hook-row-state')).toHaveText('Disabled');
    for (const page of [admin, holder, designer, brand]) await page.context().close();
  } finally {
    await hook.close();
  }
});
