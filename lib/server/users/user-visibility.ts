import { AppError } from '../api/errors';
import type { Caller } from '../api/authenticate';
import { callerIn } from '../roles/role-lists';

/**
 * Someone else's account exists, for the caller, only when the caller may see it: to
 * administrators, and (when `holders` is set) to holder roles. Anyone else gets not found.
 */
export function assertMaySeeUser(caller: Caller, sub: string, options: { holders?: boolean } = {}): void {
  if (sub === caller.sub || callerIn(caller, 'system')) return;
  if (options.holders && callerIn(caller, 'holder')) return;
  throw new AppError('not_found', 'user not found');
}

/** A user id from a path segment; anything that cannot be a sub is simply not found. */
export function userIdOf(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > 128 || /[\u0000-\u001f]/.test(id))
    throw new AppError('not_found', 'user not found');
  return id;
}
