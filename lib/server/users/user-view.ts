import type { PublicUser } from './accounts';

/** A user as the API shows them: SPEC §3 field names (snake case), never the password hash. */
export interface UserSummary {
  sub: string;
  email: string;
  nickname: string;
  first_name: string;
  last_name: string;
  picture: string | null;
  lang: string;
  status: number;
}

export type UserSummaryRow = Pick<
  PublicUser,
  'sub' | 'email' | 'nickname' | 'firstName' | 'lastName' | 'picture' | 'lang' | 'status'
>;

export function summaryOf(row: UserSummaryRow): UserSummary {
  return {
    sub: row.sub,
    email: row.email,
    nickname: row.nickname,
    first_name: row.firstName,
    last_name: row.lastName,
    picture: row.picture,
    lang: row.lang,
    status: row.status,
  };
}

/** Fields anyone signed in may see of anyone (/users/get/profile). */
export interface PublicProfile {
  sub: string;
  nickname: string;
  first_name: string;
  last_name: string;
  picture: string | null;
}

export function publicProfileOf(row: Pick<PublicUser, 'sub' | 'nickname' | 'firstName' | 'lastName' | 'picture'>): PublicProfile {
  return { sub: row.sub, nickname: row.nickname, first_name: row.firstName, last_name: row.lastName, picture: row.picture };
}
