import { sql } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { memberLookupInput } from './inputs';
import { licenseeAuthority } from './licensee-authority';

export { memberLookupInput };

export interface FoundMember {
  sub: string;
  name: string;
  email: string;
}

/**
 * Finds the account behind an exact e-mail address, so an organisation's owners and admins can add
 * that person as a member. Only those who may change the organisation's members may ask (the same
 * rule as /api/role/licensee/{x}); the answer names one person, never a list.
 */
export async function lookupLicenseeMember(db: Db, caller: Caller, body: unknown): Promise<FoundMember> {
  const input = validateInput(memberLookupInput, body, caller.lang);
  await licenseeAuthority(db, caller, input.licensee);
  const [row] = await db
    .select({
      sub: users.sub,
      nickname: users.nickname,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.trim().toLowerCase()}`)
    .limit(1);
  if (!row) {
    throw fieldError(caller.lang, {
      email: {
        message: {
          jp: 'このメールアドレスのアカウントはありません。',
          en: 'There is no account with this e-mail address.',
        },
        code: 'key',
      },
    });
  }
  const parts = caller.lang === 'jp' ? [row.lastName, row.firstName] : [row.firstName, row.lastName];
  const full = parts.filter(Boolean).join(' ');
  return { sub: row.sub, name: full || row.nickname || row.email, email: row.email };
}
