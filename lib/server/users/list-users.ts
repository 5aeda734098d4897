import { and, asc, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import { optionalBody } from '../common/optional-body';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { validateInput } from '../common/validate-input';
import { summaryOf, type UserSummary } from './user-view';
import { requireRole } from '../roles/role-lists';
import { usersListInput } from './list-users-input';

export { usersListInput };

export interface UserPage {
  items: UserSummary[];
  /** Pass back as `cursor` for the next page; null on the last one. */
  next: string | null;
}

/** A LIKE pattern matching `text` anywhere, with the pattern characters taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function decodeCursor(cursor: string, caller: Caller): string {
  const value = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!value || value.includes('\u0000')) {
    throw fieldError(caller.lang, {
      cursor: { message: { jp: 'カーソルが正しくありません。', en: 'This cursor is not valid.' } },
    });
  }
  return value;
}

/**
 * Users whose e-mail, nickname or name contains `q` (case-insensitive), ordered by e-mail, which
 * is unique case-insensitively and so is the page boundary (keyset: `lower(email) > cursor`).
 */
export async function listUsers(db: Db, caller: Caller, body: unknown): Promise<UserPage> {
  requireRole(caller, 'holder');
  const input = validateInput(usersListInput, optionalBody(body), caller.lang);
  const limit = input.limit ?? 20;
  // Byte order, so pages follow the same order whatever the database's collation.
  const sortKey = sql<string>`lower(${users.email}) collate "C"`;
  const conditions: SQL[] = [];
  if (input.q) {
    const pattern = containing(input.q);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.nickname, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
        sql`(${users.lastName} || ${users.firstName}) ilike ${pattern}`,
        sql`(${users.lastName} || ' ' || ${users.firstName}) ilike ${pattern}`,
      )!,
    );
  }
  if (input.cursor) conditions.push(gt(sortKey, decodeCursor(input.cursor, caller)));
  const rows = await db
    .select({
      sub: users.sub,
      email: users.email,
      nickname: users.nickname,
      firstName: users.firstName,
      lastName: users.lastName,
      picture: users.picture,
      lang: users.lang,
      status: users.status,
      sortKey,
    })
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(sortKey))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(summaryOf),
    next: rows.length > limit && last ? Buffer.from(last.sortKey, 'utf8').toString('base64url') : null,
  };
}
