import en from '../../../locales/en/flow.json';
import jp from '../../../locales/jp/flow.json';
import type { Db } from '../db/client';
import { logWorkflow, notifications } from '../db/schema';
import { newKey } from '../keys';
import { languagesOf } from './audience';
import type { ReviewerGroup, Subject } from './types';

type Row = Record<string, unknown>;
type Catalogue = typeof en;
const catalogues: Record<'jp' | 'en', Catalogue> = { jp, en };

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}

export function displayName(row: Row): string {
  const name =
    typeof row.name === 'string' && row.name ? row.name : typeof row.sku === 'string' ? row.sku : String(row.key ?? '');
  return name.length > 60 ? `${name.slice(0, 60)} ...` : name;
}

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

/** One LogWorkflow entry {data, time, action, path, key, ref, remarks} per transition or decision. */
export async function logTransition(db: Db, event: TransitionEvent): Promise<void> {
  await db.insert(logWorkflow).values({
    id: newKey(),
    action: event.action,
    path: `${event.from}>${event.to}`,
    key: String(event.row.key),
    ref: event.subject,
    remarks: event.comment ?? null,
    sub: event.actor,
    data: { from: event.from, to: event.to, ...(event.data ?? {}) },
  });
}

/** Notifications in each person's language: what happened for the concerned, what to decide for reviewers. */
export async function notifyTransition(
  db: Db,
  event: TransitionEvent,
  people: { reviewers: string[]; others: string[] },
  dueGroups: readonly ReviewerGroup[],
): Promise<number> {
  const langs = await languagesOf(db, [...people.reviewers, ...people.others]);
  const rows: (typeof notifications.$inferInsert)[] = [];
  const name = displayName(event.row);
  for (const sub of people.others) {
    const c = catalogues[langs.get(sub) ?? 'jp'];
    const values = { subject: c.subject[event.subject], name, state: c.state[event.to as keyof Catalogue['state']] ?? event.to };
    const body = [fill(c.notify.movedBody, values), event.comment ? fill(c.notify.commentLine, { comment: event.comment }) : '']
      .filter(Boolean)
      .join('\n');
    rows.push({ key: newKey(), target: sub, subject: fill(c.notify.movedSubject, values), content: body });
  }
  for (const sub of people.reviewers) {
    const c = catalogues[langs.get(sub) ?? 'jp'];
    const group = dueGroups.map((g) => c.group[g]).join(' / ');
    const values = { subject: c.subject[event.subject], name, group };
    rows.push({
      key: newKey(),
      target: sub,
      subject: fill(c.notify.reviewSubject, values),
      content: fill(c.notify.reviewBody, values),
    });
  }
  if (rows.length) await db.insert(notifications).values(rows);
  return rows.length;
}
