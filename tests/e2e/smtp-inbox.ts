import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { smtpPort } from '../../playwright.config';
import { expect } from './fixtures';

/**
 * An SMTP listener on the e2e server's mail port for one spec file: what the app mails arrives
 * here as a person's mailbox would receive it.
 */
export interface Inbox {
  /** The first message to an address that matches, waiting until it arrives. */
  waitFor(address: string, match: (mail: ParsedMail) => boolean, message?: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

export async function openInbox(): Promise<Inbox> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no STARTTLS offered, so the server's transport sends in clear.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort, '127.0.0.1', () => resolve());
  });
  return {
    async waitFor(address, match, message) {
      let found: ParsedMail | undefined;
      await expect
        .poll(
          () => {
            found = mails.find((mail) => recipients(mail).includes(address.toLowerCase()) && match(mail));
            return Boolean(found);
          },
          { timeout: 60_000, message: message ?? `no matching mail to ${address} reached the SMTP listener` },
        )
        .toBe(true);
      return found!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
