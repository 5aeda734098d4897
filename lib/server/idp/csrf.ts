import { createHmac, timingSafeEqual } from 'node:crypto';
import { getSecrets } from '../secrets';

/** A form token bound to one interaction, so another site cannot post a login into it. */
export function interactionCsrfToken(uid: string): string {
  return createHmac('sha256', getSecrets().csrfKey).update(`interaction:${uid}`).digest('base64url');
}

export function checkInteractionCsrf(uid: string, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const expected = Buffer.from(interactionCsrfToken(uid));
  const actual = Buffer.from(token);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
