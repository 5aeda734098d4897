import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { validateInput } from '../common/validate-input';
import { changeHolderList, type HolderListChange } from './change-holder-list';
import { HOLDER_LIST_TYPES, requireDefaultHolder } from './default-holder';
import { holderAuthority } from './holder-authority';
import { forbidden } from '../roles/role-lists';

/** Body of /api/role/set: which list of the default holder, and who (SPEC §5). A blank person is a missing one. */
export const roleSetInput = z.object({ type: z.enum(HOLDER_LIST_TYPES), sub: z.string().trim().min(1).max(128) }).strict();

export const TYPE_AND_PERSON_REQUIRED = 'type and person both required';

function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Adds a person to an approver group or manager list of the default holder. */
export async function setHolderRole(db: Db, caller: Caller, body: unknown): Promise<HolderListChange> {
  // Someone who may change no list at all is refused whatever they sent.
  const authority = holderAuthority(caller, await requireDefaultHolder(db));
  if (!authority.holderLists && authority.approverGroups.length === 0) forbidden();
  let input: z.output<typeof roleSetInput>;
  try {
    input = validateInput(roleSetInput, body, caller.lang);
  } catch (err) {
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (err instanceof AppError && (blank(fields.type) || blank(fields.sub))) {
      throw new AppError('validation', TYPE_AND_PERSON_REQUIRED, {
        message: TYPE_AND_PERSON_REQUIRED,
        ...(err.data as Record<string, unknown>),
      });
    }
    throw err;
  }
  return changeHolderList(db, caller, { type: input.type, sub: input.sub, op: 'add' });
}
