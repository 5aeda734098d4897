import { getConfig } from '../../config';
import { getDb } from '../db/client';
import { subscribe } from '../notify/listener';
import { deliverDue, type MailTransport } from './deliver-due';
import { MAIL_CHANNEL } from './outbox';

const POLL_MS = 10_000;

/** The SMTP transport of SMTP_URL, or null when mail is kept in the outbox only. */
export async function createTransport(smtpUrl: string | undefined): Promise<MailTransport | null> {
  if (!smtpUrl) return null;
  const nodemailer = await import('nodemailer');
  // A dead server must fail a tick quickly; the row is retried with backoff.
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}

const globalKey = Symbol.for('ipl.mail-worker');
type GlobalWithWorker = typeof globalThis & { [globalKey]?: boolean };

/**
 * Delivers the outbox: at once when a mail is queued (LISTEN ipl_mail, from any replica) and
 * every 10 s for retries that came due. Ticks never overlap in one process; rows are claimed
 * with SKIP LOCKED, so replicas never send one twice. Errors are logged, never thrown.
 */
export function startMailWorker(): void {
  const g = globalThis as GlobalWithWorker;
  if (g[globalKey]) return;
  g[globalKey] = true;
  const config = getConfig();
  let transport: Promise<MailTransport | null> | undefined;
  let running = false;
  let again = false;

  const tick = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        transport ??= createTransport(config.mail.smtpUrl);
        const result = await deliverDue(await getDb(), await transport, new Date(), { from: config.mail.from });
        if (result.sent || result.retrying || result.failed) {
          console.log(`[mail] sent ${result.sent}, retrying ${result.retrying}, failed ${result.failed}`);
        }
      } while (again);
    } catch (err) {
      console.error('[mail] delivery tick failed:', (err as Error).message);
    } finally {
      running = false;
    }
  };

  subscribe(MAIL_CHANNEL, () => void tick()).catch((err: unknown) =>
    console.error('[mail] cannot listen for queued mail; polling only:', (err as Error).message),
  );
  setTimeout(() => void tick(), 2_000).unref();
  setInterval(() => void tick(), POLL_MS).unref();
}
