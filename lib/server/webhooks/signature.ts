import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks signing (https://www.standardwebhooks.com/): pure, no I/O.

const PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64, as the specification's libraries expect. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** The `webhook-signature` header: `v1,` and the HMAC-SHA256 of `{id}.{timestamp}.{body}` under the secret's bytes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt at a message. */
export function webhookHeaders(secret: string, id: string, body: string, at: Date): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
