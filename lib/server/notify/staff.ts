import type { Caller } from '../api/authenticate';
import { callerIn } from '../roles/role-lists';

/** Admin or the product role: may notify and e-mail anyone (DESIGN §6). */
export function isNotifyStaff(caller: Pick<Caller, 'access'>): boolean {
  return callerIn(caller, 'holderProductOnly');
}
