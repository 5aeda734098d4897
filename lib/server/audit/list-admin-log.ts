import { eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../api/authenticate';
import { fieldError } from '../common/field-error';
import { validateInput } from '../common/validate-input';
import type { Db } from '../db/client';
import { adminLog, users } from '../db/schema';
import { licensees } from '../db/entities-schema';
import { peopleOf, type Person } from '../users/people';
import { containing, objectOf, selectLogPage } from './log-page';
import { describeAdminEntry, loadLogNames, type ReadableEntry } from './readable';
import { requireRole } from '../roles/role-lists';
import { auditLogInput } from './log-input';

export { auditLogInput };

export interface AuditPerson {
  sub: string;
  /** The person's name as the reader writes names (family name first on jp). */
  name: string;
  nickname: string;
  email: string;
}

export interface AuditLogEntry {
  key: string;
  time: Date;
  action: string;
  ref: string | null;
  who: AuditPerson;
  /** The person the entry is about (`data.sub`, else `ref`), when that is an account. */
  person: AuditPerson | null;
  data: Record<string, unknown>;
  /** The entry in words: the action's name, a sentence, and what changed from what to what. */
  readable: ReadableEntry;
}

export interface AuditLogPage {
  items: AuditLogEntry[];
  next: string | null;
}

/** `to` as a day means the whole day: the bound is the start of the next one. */
function upperBound(to: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) return new Date(Date.parse(`${to}T00:00:00.000Z`) + 24 * 3600 * 1000);
  return new Date(Date.parse(to) + 1);
}

/**
 * The whole admin log (administrators): every role, access and approver change, newest first,
 * filtered by actor, action, target, a time range and free text, paged by a keyset cursor.
 */
export async function listAdminLog(db: Db, caller: Caller, query: unknown): Promise<AuditLogPage> {
  requireRole(caller, 'system');
  const input = validateInput(auditLogInput, query, caller.lang);
  if (input.from && input.to && new Date(input.from) >= upperBound(input.to)) {
    throw fieldError(caller.lang, {
      to: { message: { jp: '終了日は開始日以降にしてください。', en: 'The end must not be before the start.' } },
    });
  }
  const limit = input.limit ?? 20;
  const peopleMatching = (text: string) =>
    db
      .select({ sub: users.sub })
      .from(users)
      .where(or(eq(users.sub, text), ilike(users.email, containing(text)), ilike(users.nickname, containing(text))));
  const conditions: SQL[] = [];
  if (input.actor) conditions.push(inArray(adminLog.sub, peopleMatching(input.actor)));
  if (input.action) {
    conditions.push(
      input.action.endsWith('.')
        ? sql`${adminLog.action} like ${`${input.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : eq(adminLog.action, input.action),
    );
  }
  if (input.ref) {
    const matching = peopleMatching(input.ref);
    conditions.push(
      or(eq(adminLog.ref, input.ref), inArray(adminLog.ref, matching), inArray(sql`${adminLog.data}->>'sub'`, matching))!,
    );
  }
  if (input.from) conditions.push(sql`${adminLog.time} >= ${new Date(input.from).toISOString()}::timestamptz`);
  if (input.to) conditions.push(sql`${adminLog.time} < ${upperBound(input.to).toISOString()}::timestamptz`);
  if (input.q) {
    const pattern = containing(input.q);
    const matching = db
      .select({ sub: users.sub })
      .from(users)
      .where(or(ilike(users.email, pattern), ilike(users.nickname, pattern)));
    const organisations = db.select({ key: licensees.key }).from(licensees).where(ilike(licensees.name, pattern));
    conditions.push(
      or(
        ilike(adminLog.action, pattern),
        ilike(adminLog.ref, pattern),
        inArray(adminLog.ref, organisations),
        sql`${adminLog.data}::text ilike ${pattern}`,
        inArray(adminLog.sub, matching),
        inArray(sql`${adminLog.data}->>'sub'`, matching),
      )!,
    );
  }
  const { page, next } = await selectLogPage(db, caller, conditions, { cursor: input.cursor, limit });

  const subjectOf = (row: (typeof page)[number]): string | null => {
    const data = objectOf(row.data);
    return typeof data.sub === 'string' ? data.sub : row.ref;
  };
  const named = [...new Set(page.map(subjectOf).filter((s): s is string => Boolean(s)))];
  const found = await peopleOf(db, named);
  const people = new Map(found.filter((p) => p.email).map((p) => [p.sub, p]));
  const entries = page.map((row) => ({ action: row.action, sub: row.sub, ref: row.ref, data: objectOf(row.data) }));
  const names = await loadLogNames(db, entries, caller.lang);
  const auditPerson = (sub: string, person: Person | undefined): AuditPerson => ({
    sub,
    name: names.person(sub),
    nickname: person?.nickname ?? '',
    email: person?.email ?? '',
  });
  return {
    items: page.map((row, i) => {
      const subject = subjectOf(row);
      const person = subject ? people.get(subject) : undefined;
      return {
        key: row.key,
        time: row.time,
        action: row.action,
        ref: row.ref,
        who: { ...auditPerson(row.sub, undefined), nickname: row.nickname ?? '', email: row.email ?? '' },
        person: subject && person ? auditPerson(subject, person) : null,
        data: objectOf(row.data),
        readable: describeAdminEntry(entries[i]!, names, caller.lang),
      };
    }),
    next,
  };
}
