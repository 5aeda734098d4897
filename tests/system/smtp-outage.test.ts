/**
 * Faults (issue 10): the SMTP server is down when mail is due. The mail waits in the outbox (it is
 * never dropped), survives the app being killed with SIGKILL while it waits, and is sent exactly
 * once by the restarted app when the SMTP server comes back. Everything stays on loopback.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from './app';
import { call, SECRET, sessionCookie } from './client';
import { createDatabase, type Sql, type TestDatabase } from './database';
import { subOf } from './people';

const PORT = 3194;

interface OutboxRow {
  state: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A real SMTP listener that keeps what it receives. */
function smtpListener(port: number): Promise<{ received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ received, close: () => new Promise<void>((r) => server.close(() => r())) }));
  });
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('SMTP server down', () => {
  let db: TestDatabase;
  let app: AppProcess | undefined;
  let smtp: Awaited<ReturnType<typeof smtpListener>> | undefined;
  let env: Record<string, string>;
  let admin = '';
  let smtpPort = 0;

  const outboxRow = (key: string) =>
    db.use(async (sql: Sql) => {
      const [row] = await sql.query<OutboxRow>('select state, attempts, last_error, sent_at from email_outbox where key = $1', [
        key,
      ]);
      return row;
    });

  beforeAll(async () => {
    db = await createDatabase('postgres');
    smtpPort = await freePort();
    env = {
      ...db.env,
      NEXTAUTH_SECRET: SECRET,
      DEMO_PASSWORD: 'system-demo-password',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'platform@example.com',
    };
    app = await startApp(PORT, env);
    admin = await sessionCookie(await db.use((sql) => subOf(sql, 'admin@example.com')));
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await db?.dispose();
  }, 120_000);

  it('keeps the mail through the outage and a crash, then sends it once', async () => {
    const subject = `Outage test ${Date.now()}`;
    const queued = await call(app!.url, 'POST', '/api/notify/emit/email', admin, {
      to: 'designer@example.com',
      subject,
      text: 'Sent after the SMTP server came back.',
      lang: 'en',
    });
    expect(queued.http).toBe(200);
    const key = String(queued.data?.key);

    // The first attempt meets a closed port: the row stays queued with the error and a later attempt.
    const failed = await waitFor('a failed attempt', 30_000, async () => {
      const row = await outboxRow(key);
      return row && row.attempts >= 1 ? row : undefined;
    });
    expect(failed.state).toBe('queued');
    expect(failed.last_error).toBeTruthy();
    expect(failed.sent_at).toBeNull();

    // The app dies while the mail waits; the SMTP server comes back before the app does.
    await app!.kill();
    app = undefined;
    smtp = await smtpListener(smtpPort);
    app = await startApp(PORT, env);

    const sent = await waitFor('delivery', 90_000, async () => {
      const row = await outboxRow(key);
      return row?.state === 'sent' ? row : undefined;
    });
    expect(sent.sent_at).not.toBeNull();
    await waitFor('the message at the listener', 10_000, async () => (smtp!.received.length > 0 ? true : undefined));
    // One more worker poll: a delivered row is not sent again.
    await new Promise((r) => setTimeout(r, 12_000));
    const copies = smtp.received.filter((raw) => raw.includes(subject));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toContain('designer@example.com');
  }, 240_000);
});
