import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import type { Db } from '../db/client';
import { adminLog, users } from '../db/schema';

/**
 * One page of the admin log, newest first, with the acting person joined: what the holder's log
 * (`/api/role/log`) and the administrators' log (`/api/core/audit/log`) share. Each caller brings
 * its own filter conditions; the keyset cursor is [time at microsecond precision, key].
 */
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function badCursor(caller: Caller): never {
  throw fieldError(caller.lang, { cursor: { message: { jp: 'カーソルが正しくありません。', en: 'This cursor is not valid.' } } });
}

function decodeCursor(cursor: string, caller: Caller): [string, string] {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) badCursor(caller);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    badCursor(caller);
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    !EXACT_TIME.test(value[0]) ||
    Number.isNaN(Date.parse(value[0])) ||
    typeof value[1] !== 'string' ||
    !/^[A-Za-z0-9]{1,64}$/.test(value[1])
  ) {
    badCursor(caller);
  }
  return [value[0], value[1]];
}

/** A LIKE pattern matching `text` anywhere, with the pattern characters taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export async function selectLogPage(db: Db, caller: Caller, conditions: SQL[], options: { cursor?: string; limit: number }) {
  const where = [...conditions];
  if (options.cursor) {
    const [time, key] = decodeCursor(options.cursor, caller);
    where.push(sql`(${adminLog.time}, ${adminLog.key}) < (${time}::timestamptz, ${key})`);
  }
  const exactTime = sql<string>`to_char(${adminLog.time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const rows = await db
    .select({
      key: adminLog.key,
      sub: adminLog.sub,
      action: adminLog.action,
      data: adminLog.data,
      ref: adminLog.ref,
      time: adminLog.time,
      exactTime,
      nickname: users.nickname,
      email: users.email,
    })
    .from(adminLog)
    .leftJoin(users, eq(users.sub, adminLog.sub))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(adminLog.time), desc(adminLog.key))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  const next =
    rows.length > options.limit && last
      ? Buffer.from(JSON.stringify([last.exactTime, last.key]), 'utf8').toString('base64url')
      : null;
  return { page, next };
}
