import type { Db } from '../db/client';
import { logWorkflow } from '../db/schema';
import { newKey } from '../keys';
import { personName } from '../naming/format';
import { KIND_OF_SUBJECT, nameRowBilingual } from '../naming/load-names';
import type { MailKind } from '../notify/mail-kinds';
import { renderNotice } from '../notify/notices';
import { recordLink } from '../notify/record-link';
import { readersOf, tell } from '../notify/tell';
import type { ReviewerGroup, Subject } from './types';

type Row = Record<string, unknown>;

const DECISION_ACTIONS = new Set(['approved', 'approved_with_conditions', 'rejected', 'changes_requested']);

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

/** What the people a move concerns are asked to do about it, if anything (then it is mailed too). */
function mailKindOf(event: TransitionEvent): MailKind | null {
  if (event.action === 'changes_requested') return 'changes';
  if (event.action === 'approved' || event.action === 'approved_with_conditions' || event.action === 'rejected')
    return 'decision';
  if (event.subject === 'license' && event.to === 'contract_sent') return 'contract';
  if (event.subject === 'invoice' && (event.to === 'approved' || event.to === 'invoiced')) return 'invoice';
  return null;
}

/**
 * Tells the people a move concerns, each in their language and with the link to the page where
 * they act: what happened (who decided, their comment) for the applicant's side, what to decide
 * and by when for the reviewers. Whatever asks someone to act is mailed too (lib/server/notify/tell).
 * The record is named by lib/server/naming (reference, IP, counterparty).
 */
export async function notifyTransition(
  db: Db,
  event: TransitionEvent,
  people: { reviewers: string[]; others: string[] },
  dueGroups: readonly ReviewerGroup[],
  deadline?: Date | null,
): Promise<number> {
  if (people.reviewers.length + people.others.length === 0) return 0;
  const names = await nameRowBilingual(db, KIND_OF_SUBJECT[event.subject], event.row);
  const decided = typeof event.data?.group === 'string' && DECISION_ACTIONS.has(event.action);
  const deciderGroups = decided ? [event.data!.group as ReviewerGroup] : [];
  // Both sides and the decider in one read.
  const readers = await readersOf(db, [...people.others, ...people.reviewers, ...(decided ? [event.actor] : [])]);
  const deciderRow = decided ? readers.get(event.actor) : undefined;
  const decider = decided ? { jp: personName(deciderRow, 'jp'), en: personName(deciderRow, 'en') } : null;
  let count = 0;
  const others = await tell(
    db,
    {
      people: people.others,
      notice: (lang) =>
        renderNotice(event.action === 'changes_requested' ? 'flow.changes' : 'flow.moved', lang, {
          record: names[lang],
          state: event.to,
          comment: event.comment,
          groups: deciderGroups,
          decider: decider?.[lang] ?? null,
        }),
      link: recordLink(event.subject, event.row, 'applicant'),
      mail: mailKindOf(event),
    },
    readers,
  );
  count += others.notified;
  const reviewers = await tell(
    db,
    {
      people: people.reviewers,
      notice: (lang) => renderNotice('flow.review', lang, { record: names[lang], groups: dueGroups, deadline }),
      link: recordLink(event.subject, event.row, 'reviewer', { designerReviewer: dueGroups.includes('designer') }),
      mail: 'review',
    },
    readers,
  );
  count += reviewers.notified;
  return count;
}
