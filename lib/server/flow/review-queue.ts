import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { designers } from '../db/entities-schema';
import type { Viewer } from '../entities/viewer';
import { groupsDue, stageOf } from './engine';
import { defaultHolder, groupsOf } from './facts';
import { flowFor } from './overrides';
import { addBusinessDays, businessDaysBetween, slaDays } from './business-days';
import { bindingForSubject } from './subjects';
import { readQueue } from './queue-reads';
import { KIND_OF_SUBJECT, nameRows } from '../naming/load-names';
import type { RecordName } from '../naming/name-record';
import type { PastDecision, ReviewerGroup, Subject } from './types';

type Row = Record<string, unknown>;

export interface QueueItem {
  review: { key: string; subjectType: Subject; group: ReviewerGroup; step: string; revision: number; dateCreated: Date };
  subject: Row;
  /** Business days the item has waited at this step. */
  waitingDays: number;
  /** Minutes since the review was opened: short waits are shown in minutes or hours. */
  waitingMinutes: number;
  /** When the group's decision is due (its SLA in Holder.config, in business days). */
  deadline: Date;
  /** Past its deadline. */
  overdue: boolean;
}

/**
 * What the signed-in reviewer's groups still have to decide for one kind of subject: pending
 * Reviews of the current round whose group is due, the nearest deadline first, with how long
 * each has waited and when it is due.
 */
export async function reviewQueue(
  db: Db,
  viewer: Viewer,
  subjects: readonly Subject[],
  now = new Date(),
  // allGroups: every pending item of every group (the reminder job), not one reviewer's share.
  options: { allGroups?: boolean } = {},
): Promise<QueueItem[]> {
  const holder = await defaultHolder(db);
  const mine: ReviewerGroup[] = options.allGroups
    ? ['legal', 'brand', 'cfl', 'boss', 'holder', 'designer']
    : groupsOf(holder, viewer.sub);
  if (!options.allGroups && (viewer.product || viewer.admin)) mine.push('holder');
  // viewerOf has read them for everyone but the holder roles, whose reads it skips.
  const ownDesigners = viewer.holder
    ? (await db.select({ key: designers.key }).from(designers).where(eq(designers.owner, viewer.sub))).map((d) => d.key)
    : viewer.designers;
  if (!options.allGroups && ownDesigners.length) mine.push('designer');
  if (mine.length === 0) return [];
  // One statement reads the pending reviews, their subjects and their rounds' decisions.
  const { pending, subjects: subjectRows, siblings } = await readQueue(db, subjects, mine);
  const items: QueueItem[] = [];
  for (const review of pending) {
    const binding = bindingForSubject(review.subject_type as Subject);
    const subject = subjectRows.get(`${binding.entity}:${review.subject_key}`);
    if (!subject || subject.state !== review.step) continue;
    if (!options.allGroups && review.group === 'designer' && !ownDesigners.includes(String(binding.designerOf(subject))))
      continue;
    const flow = flowFor(binding.subject, holder.config);
    const stage = stageOf(flow, review.step ?? '');
    if (!stage) continue;
    const past = siblings.filter(
      (d) =>
        d.subject_key === review.subject_key &&
        d.step === stage.state &&
        d.revision === review.revision &&
        d.state !== 'pending' &&
        d.state !== 'closed',
    ) as PastDecision[];
    if (!groupsDue(stage, past).includes(review.group as ReviewerGroup)) continue;
    const waitingDays = businessDaysBetween(review.dateCreated, now);
    const deadline = addBusinessDays(review.dateCreated, slaDays(holder.config, binding.subject, review.group as ReviewerGroup));
    items.push({
      review: {
        key: review.key,
        subjectType: review.subject_type as Subject,
        group: review.group as ReviewerGroup,
        step: review.step ?? '',
        revision: review.revision,
        dateCreated: review.dateCreated,
      },
      subject,
      waitingDays,
      waitingMinutes: Math.max(0, Math.floor((now.getTime() - review.dateCreated.getTime()) / 60_000)),
      deadline,
      overdue: now > deadline,
    });
  }
  // The most urgent first: by deadline, then by how long the item has waited.
  return items.sort(
    (a, b) => a.deadline.getTime() - b.deadline.getTime() || a.review.dateCreated.getTime() - b.review.dateCreated.getTime(),
  );
}

/** A queue item with its record named for the reader (reference, IP, counterparty). */
export type NamedQueueItem = QueueItem & { name: RecordName };

/** Names every item's record in a few reads, whatever the queue's length. */
export async function nameQueueItems(db: Db, items: QueueItem[], lang: 'jp' | 'en'): Promise<NamedQueueItem[]> {
  const bySubject = new Map<Subject, QueueItem[]>();
  for (const item of items) bySubject.set(item.review.subjectType, [...(bySubject.get(item.review.subjectType) ?? []), item]);
  const names = new Map<QueueItem, RecordName>();
  for (const [subject, group] of bySubject) {
    const named = await nameRows(
      db,
      KIND_OF_SUBJECT[subject],
      group.map((i) => i.subject),
      lang,
    );
    group.forEach((item, i) => names.set(item, named[i]!));
  }
  return items.map((item) => ({ ...item, name: names.get(item)! }));
}
