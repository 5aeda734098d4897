import type { Db } from '../db/client';
import { logWorkflow, notifications } from '../db/schema';
import { newKey } from '../keys';
import { KIND_OF_SUBJECT, nameRowBilingual } from '../naming/load-names';
import { renderNotice } from '../notify/notices';
import { languagesOf } from './audience';
import type { ReviewerGroup, Subject } from './types';

type Row = Record<string, unknown>;

export interface TransitionEvent {
  subject: Subject;
  row: Row;
  action: string;
  from: string;
  to: string;
  actor: string;
  comment?: string;
  data?: Record<string, unknown>;
}

/**
 * One LogWorkflow entry {data, time, action, path, key, ref, remarks} per transition or decision.
 * The record's reference is kept with it, so the log still says which record it was when read
 * on its own (an export, an audit).
 */
export async function logTransition(db: Db, event: TransitionEvent): Promise<void> {
  const reference = typeof event.row.reference === 'string' ? { reference: event.row.reference } : {};
  await db.insert(logWorkflow).values({
    id: newKey(),
    action: event.action,
    path: `${event.from}>${event.to}`,
    key: String(event.row.key),
    ref: event.subject,
    remarks: event.comment ?? null,
    sub: event.actor,
    data: { from: event.from, to: event.to, ...reference, ...(event.data ?? {}) },
  });
}

/**
 * Notifications in each person's language: what happened for the concerned, what to decide for
 * reviewers. The record is named by lib/server/naming (reference, IP, counterparty).
 */
export async function notifyTransition(
  db: Db,
  event: TransitionEvent,
  people: { reviewers: string[]; others: string[] },
  dueGroups: readonly ReviewerGroup[],
): Promise<number> {
  if (people.reviewers.length + people.others.length === 0) return 0;
  const langs = await languagesOf(db, [...people.reviewers, ...people.others]);
  const names = await nameRowBilingual(db, KIND_OF_SUBJECT[event.subject], event.row);
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const sub of people.others) {
    const lang = langs.get(sub) ?? 'jp';
    const notice = renderNotice('flow.moved', lang, { record: names[lang], state: event.to, comment: event.comment });
    rows.push({ key: newKey(), target: sub, ...notice });
  }
  for (const sub of people.reviewers) {
    const lang = langs.get(sub) ?? 'jp';
    const notice = renderNotice('flow.review', lang, { record: names[lang], groups: dueGroups });
    rows.push({ key: newKey(), target: sub, ...notice });
  }
  if (rows.length) await db.insert(notifications).values(rows);
  return rows.length;
}
