import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import { roleNames } from './role-lists';

/**
 * An administrator cannot take their own administrator entry away: the last one doing so would
 * leave nobody able to give it back. Another administrator can.
 */
export function assertKeepsOwnAdmin(caller: Caller, sub: string, after: readonly string[], field: string): void {
  const admin = `${roleNames().client}:admin`;
  if (sub !== caller.sub || !caller.access.includes(admin) || after.includes(admin)) return;
  throw fieldError(caller.lang, {
    [field]: {
      message: {
        jp: '自分自身の管理者権限は削除できません。',
        en: 'You cannot remove your own administrator entry.',
      },
    },
  });
}
