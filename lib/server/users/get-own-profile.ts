import type { Caller } from '../api/authenticate';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { findUserBySub } from './accounts';

export interface OwnProfile {
  sub: string;
  email: string;
  nickname: string;
  first_name: string;
  last_name: string;
  picture: string | null;
  lang: string;
  wallet: string | null;
  /** Kinds of notification the person does not want mailed. */
  mail_off: string[];
  /** One mail a day listing what was waiting, instead of one mail each. */
  mail_digest: boolean;
  access: string[];
  /** Terms accepted on the person's own record (SPEC §4, for users whose version is compared here). */
  accepted_terms_version: Record<string, string>;
}

/** GET /api/core/users/profile: the caller's own profile. */
export async function getOwnProfile(db: Db, caller: Caller): Promise<OwnProfile> {
  const row = await findUserBySub(db, caller.sub);
  if (!row) throw new AppError('not_found', 'user not found');
  return {
    sub: row.sub,
    email: row.email,
    nickname: row.nickname,
    first_name: row.firstName,
    last_name: row.lastName,
    picture: row.picture,
    lang: row.lang,
    wallet: row.wallet,
    mail_off: row.mailOff,
    mail_digest: row.mailDigest,
    access: caller.access,
    accepted_terms_version: row.accepted_terms_version ?? {},
  };
}
