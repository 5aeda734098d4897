import type { MailTransport } from './deliver-due';

/** The SMTP transport of SMTP_URL, or null when mail is kept in the outbox only. */
export async function createTransport(smtpUrl: string | undefined): Promise<MailTransport | null> {
  if (!smtpUrl) return null;
  const nodemailer = await import('nodemailer');
  // A dead server must fail an attempt quickly; the message is retried with backoff.
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}
