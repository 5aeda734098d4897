import { ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../api/authenticate';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { adminLog, users } from '../db/schema';
import { containing, objectOf, selectLogPage } from '../audit/log-page';
import { describeAdminEntry, loadLogNames, type ReadableEntry } from '../audit/readable';
import { personName } from '../naming/format';

/** Query of GET /api/role/log: newest first, optionally only entries containing `q`. */
export const roleLogInput = z
  .object({
    q: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    cursor: z.string().max(500).optional(),
  })
  .strict();

/** Someone named in a log entry, as far as their account still exists. */
export interface LogPerson {
  sub: string;
  /** The person's name as the reader writes names (family name first on jp). */
  name: string;
  nickname: string;
  email: string;
}

export interface HolderLogEntry {
  key: string;
  time: Date;
  action: string;
  ref: string | null;
  /** Who made the change. */
  who: LogPerson;
  /** Whom the change was about (`data.sub`), when the entry names someone. */
  person: LogPerson | null;
  before: unknown;
  after: unknown;
  data: Record<string, unknown>;
  /** The entry in words: the action's name, a sentence, and what changed from what to what. */
  readable: ReadableEntry;
}

export interface HolderLogPage {
  items: HolderLogEntry[];
  /** Every account named in the page's before/after lists, so that subs can be shown as names. */
  people: Record<string, LogPerson>;
  next: string | null;
}

/** Strings in a before/after value (a list of subs, or an object of such lists) that may be subs. */
function stringsIn(value: unknown, out: Set<string>, depth = 0): void {
  if (depth > 3 || out.size > 2000) return;
  if (typeof value === 'string') {
    if (value.length > 0 && value.length <= 128) out.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) stringsIn(item, out, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) stringsIn(item, out, depth + 1);
  }
}

/**
 * The admin log of holder role and access changes (`holder.*`, `acl.*`), newest first. `q`
 * keeps entries whose action or data contains it, or whose actor or subject person's e-mail or
 * nickname does (case-insensitive).
 */
export async function listHolderLog(db: Db, caller: Caller, query: unknown): Promise<HolderLogPage> {
  const input = validateInput(roleLogInput, query, caller.lang);
  const limit = input.limit ?? 20;
  const conditions: SQL[] = [or(sql`${adminLog.action} like 'holder.%'`, sql`${adminLog.action} like 'acl.%'`)!];
  if (input.q) {
    const pattern = containing(input.q);
    const matchingPeople = db
      .select({ sub: users.sub })
      .from(users)
      .where(or(ilike(users.email, pattern), ilike(users.nickname, pattern)));
    conditions.push(
      or(
        ilike(adminLog.action, pattern),
        sql`${adminLog.data}::text ilike ${pattern}`,
        inArray(adminLog.sub, matchingPeople),
        inArray(sql`${adminLog.data}->>'sub'`, matchingPeople),
      )!,
    );
  }
  const { page, next } = await selectLogPage(db, caller, conditions, { cursor: input.cursor, limit });

  // One lookup for everyone the page names: subjects and members of before/after lists.
  const named = new Set<string>();
  for (const row of page) {
    const data = objectOf(row.data);
    if (typeof data.sub === 'string') named.add(data.sub);
    stringsIn(data.before, named);
    stringsIn(data.after, named);
  }
  const found = named.size
    ? await db
        .select({ sub: users.sub, nickname: users.nickname, email: users.email, first: users.firstName, last: users.lastName })
        .from(users)
        .where(inArray(users.sub, [...named]))
    : [];
  const people: Record<string, LogPerson> = {};
  for (const p of found) {
    people[p.sub] = {
      sub: p.sub,
      name: personName({ first_name: p.first, last_name: p.last, nickname: p.nickname, email: p.email }, caller.lang),
      nickname: p.nickname,
      email: p.email,
    };
  }
  const entries = page.map((row) => ({ action: row.action, sub: row.sub, ref: row.ref, data: objectOf(row.data) }));
  const names = await loadLogNames(db, entries, caller.lang);

  return {
    items: page.map((row, i): HolderLogEntry => {
      const data = objectOf(row.data);
      const subject = typeof data.sub === 'string' ? data.sub : null;
      return {
        key: row.key,
        time: row.time,
        action: row.action,
        ref: row.ref,
        who: { sub: row.sub, name: names.person(row.sub), nickname: row.nickname ?? '', email: row.email ?? '' },
        person: subject ? (people[subject] ?? { sub: subject, name: names.person(subject), nickname: '', email: '' }) : null,
        before: data.before ?? null,
        after: data.after ?? null,
        data,
        readable: describeAdminEntry(entries[i]!, names, caller.lang),
      };
    }),
    people,
    next,
  };
}
