import net from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReady } from '@/lib/server/boot';
import { getDb } from '@/lib/server/db/client';
import { emailOutbox } from '@/lib/server/db/platform-schema';
import { backoffMs, deliverDue } from '@/lib/server/mail/deliver-due';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { sendTemplate } from '@/lib/server/mail/send-template';
import { renderTemplate } from '@/lib/server/mail/templates';
import { createTransport } from '@/lib/server/mail/worker';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP listener on a fixed port (so it can go down and come back at the same address). */
class TestSmtp {
  received: Received[] = [];
  private server?: SMTPServer;

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Decodes a MIME part body written as quoted-printable or base64, enough to find a line in it. */
function decoded(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{16,})/g)]
    .map((m) => Buffer.from(m[1]!.replace(/\r?\n/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${raw}\n${Buffer.from(qp, 'latin1').toString('utf8')}\n${b64}`;
}

const FROM = '"IPL test" <no-reply@example.test>';

describe('e-mail outbox worker against a real SMTP listener', () => {
  let smtp: TestSmtp;
  let port: number;

  beforeAll(async () => {
    await ensureReady();
    port = await freePort();
    smtp = new TestSmtp(port);
  }, 120_000);
  afterAll(async () => {
    await smtp.stop();
  });

  async function rows(keys: string[]) {
    const db = await getDb();
    return db.select().from(emailOutbox).where(inArray(emailOutbox.key, keys));
  }

  async function clearQueue() {
    const db = await getDb();
    await db.update(emailOutbox).set({ state: 'kept' }).where(eq(emailOutbox.state, 'queued'));
  }

  it('renders the notification template in jp and en with escaped HTML', () => {
    const jp = renderTemplate('notification', 'jp', { subject: '承認', content: 'a\n<script>x</script>', site: 'IPL' });
    expect(jp.subject).toBe('【IPL】承認');
    expect(jp.text).toContain('<script>x</script>');
    expect(jp.html).toContain('a<br>');
    expect(jp.html).toContain('&lt;script&gt;');
    expect(jp.html).not.toContain('<script>');
    const en = renderTemplate('notification', 'en', { subject: 'Approved', content: '', site: 'IPL', url: 'https://x.test/en' });
    expect(en.subject).toBe('[IPL] Approved');
    expect(en.text).toContain('https://x.test/en');
    expect(() => renderTemplate('notification', 'en', { subject: '' })).toThrow();
  });

  it('delivers a queued mail with its subject and text, marks it sent with the message id', async () => {
    await clearQueue();
    await smtp.start();
    const db = await getDb();
    const key = await db.transaction((tx) =>
      sendTemplate(tx, {
        to: 'designer@example.com',
        template: 'notification',
        lang: 'en',
        vars: { subject: 'Your permit was approved', content: 'Line one\nLine two', site: 'IPL' },
      }),
    );
    const transport = await createTransport(`smtp://127.0.0.1:${port}`);
    const result = await deliverDue(db, transport, new Date(), { from: FROM });
    expect(result.sent).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['designer@example.com']);
    expect(mail.from).toBe('no-reply@example.test');
    const body = decoded(mail.raw);
    expect(body).toContain('Subject: [IPL] Your permit was approved');
    expect(body).toContain('Line one');
    const [row] = await rows([key]);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(row!.messageId).toBeTruthy();
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(mail.raw).toContain(row!.messageId!.replace(/[<>]/g, ''));
    await smtp.stop();
  });

  it('with the listener down the row stays queued with attempts and the error; once it is up the worker sends it', async () => {
    await clearQueue();
    smtp.received = [];
    const db = await getDb();
    const key = await db.transaction((tx) =>
      enqueueMail(tx as unknown as typeof db, { to: 'user@example.com', subject: 'retry me', text: 'patience', lang: 'jp' }),
    );
    const transport = await createTransport(`smtp://127.0.0.1:${port}`);
    const t0 = new Date();
    const down = await deliverDue(db, transport, t0, { from: FROM });
    expect(down).toMatchObject({ sent: 0, retrying: 1 });
    let [row] = await rows([key]);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.nextAttemptAt.getTime()).toBe(t0.getTime() + backoffMs(1));

    // Not due yet: nothing is tried.
    expect(await deliverDue(db, transport, new Date(t0.getTime() + 1000), { from: FROM })).toMatchObject({
      sent: 0,
      retrying: 0,
    });
    // Down again at the next attempt: backoff grows.
    const t1 = new Date(t0.getTime() + backoffMs(1));
    await deliverDue(db, transport, t1, { from: FROM });
    [row] = await rows([key]);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(row!.nextAttemptAt.getTime()).toBe(t1.getTime() + backoffMs(2));

    await smtp.start();
    const t2 = new Date(t1.getTime() + backoffMs(2));
    const up = await deliverDue(db, transport, t2, { from: FROM });
    expect(up.sent).toBe(1);
    [row] = await rows([key]);
    expect(row).toMatchObject({ state: 'sent', attempts: 3 });
    expect(smtp.received.map((m) => decoded(m.raw).includes('Subject: retry me'))).toEqual([true]);
    await smtp.stop();
  });

  it('backoff grows and is capped at 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(backoffMs)).toEqual([10_000, 30_000, 120_000, 300_000, 900_000, 900_000, 900_000]);
  });

  it('two concurrent worker ticks never send one row twice', async () => {
    await clearQueue();
    smtp.received = [];
    await smtp.start();
    const db = await getDb();
    const keys = await db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 12; i++) {
        out.push(await enqueueMail(tx as unknown as typeof db, { to: `user${i}@example.com`, subject: `bulk ${i}`, text: 'x' }));
      }
      return out;
    });
    const [ta, tb] = [await createTransport(`smtp://127.0.0.1:${port}`), await createTransport(`smtp://127.0.0.1:${port}`)];
    const now = new Date();
    const [a, b] = await Promise.all([
      deliverDue(db, ta, now, { from: FROM, batch: 3 }),
      deliverDue(db, tb, now, { from: FROM, batch: 3 }),
    ]);
    expect(a.sent + b.sent).toBe(12);
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(12);
    expect((await rows(keys)).every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    await smtp.stop();
  });

  it("without SMTP_URL queued rows become 'kept' and stay readable", async () => {
    const db = await getDb();
    const key = await db.transaction((tx) =>
      enqueueMail(tx as unknown as typeof db, { to: 'user@example.com', subject: 'kept', text: 'no smtp here' }),
    );
    expect(await createTransport(undefined)).toBeNull();
    const result = await deliverDue(db, null, new Date(), { from: FROM });
    expect(result.kept).toBeGreaterThanOrEqual(1);
    const [row] = await rows([key]);
    expect(row).toMatchObject({ state: 'kept', attempts: 0, text: 'no smtp here' });
  });

  it('a mail enqueued in a transaction that rolls back is never queued', async () => {
    const db = await getDb();
    let key = '';
    await expect(
      db.transaction(async (tx) => {
        key = await enqueueMail(tx as unknown as typeof db, { to: 'user@example.com', subject: 'ghost', text: 'x' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rows([key])).toHaveLength(0);
  });
});
