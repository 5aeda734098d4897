/**
 * A service account acts under the sub `svc:<key>`: it can never be a person's sub (those come
 * from the provider's accounts), and the admin log names it by the account's name.
 */
const PREFIX = 'svc:';

export function serviceCallerSub(key: string): string {
  return `${PREFIX}${key}`;
}

/** The service account's key behind a caller sub, or null for a person. */
export function serviceAccountOfSub(sub: string | null | undefined): string | null {
  return sub?.startsWith(PREFIX) ? sub.slice(PREFIX.length) : null;
}
