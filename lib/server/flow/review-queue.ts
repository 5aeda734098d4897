import type { Db } from '../db/client';
import type { Viewer } from '../entities/viewer';
import { groupsDue, stageOf } from './engine';
import { defaultHolder, groupsOf, type HolderContext } from './facts';
import { flowFor } from './overrides';
import { addBusinessDays, businessDaysBetween, slaDays } from './business-days';
import { bindingForSubject } from './subjects';
import { readQueue, subjectAt, type QueueReads } from './queue-reads';
import { arrayOfText, JsonText, objectOfText } from '../api/json-text';
import { KIND_OF_SUBJECT } from '../naming/load-names';
import { factsFromLookups, type NameLookups } from '../naming/lookups';
import { nameRecord, type RecordName } from '../naming/name-record';
import type { PastDecision, ReviewerGroup, Subject } from './types';

type Row = Record<string, unknown>;

export interface QueueItem {
  review: { key: string; subjectType: Subject; group: ReviewerGroup; step: string; revision: number; dateCreated: Date };
  /** What the queue reads of the subject's row (its key, state, parties and what names it). */
  subject: Row;
  /** What names the subject, read with it (nameQueueItems). */
  names: NameLookups;
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
  const reads = await readQueue(db, subjects, options.allGroups ? 'all' : reviewerGroups(holder, viewer), viewer.sub);
  return queueItems(reads, holder, now, options);
}

/** The groups a person decides for (the designer group aside: it follows from the designer records they own). */
export function reviewerGroups(holder: HolderContext, viewer: Pick<Viewer, 'sub' | 'product' | 'admin'>): ReviewerGroup[] {
  const mine: ReviewerGroup[] = groupsOf(holder, viewer.sub);
  if (viewer.product || viewer.admin) mine.push('holder');
  return mine;
}

/**
 * The queue from its reads: the pending reviews whose group is due at their subject's current
 * stage (the flow engine's rule), with how long each has waited and when it is due, the most
 * urgent first.
 */
export function queueItems(
  reads: QueueReads,
  holder: HolderContext,
  now: Date,
  options: { allGroups?: boolean } = {},
): QueueItem[] {
  const { pending, subjects: subjectRows, ownDesigners } = reads;
  // Each review looks at its own subject's decisions: grouped once, not searched for every review.
  const siblings = new Map<string, QueueReads['siblings']>();
  for (const decision of reads.siblings) {
    const list = siblings.get(decision.subject_key);
    if (list) list.push(decision);
    else siblings.set(decision.subject_key, [decision]);
  }
  const items: QueueItem[] = [];
  for (const review of pending) {
    const binding = bindingForSubject(review.subject_type as Subject);
    const at = subjectAt(binding.subject, review.subject_key);
    const subject = subjectRows.get(at);
    if (!subject || subject.state !== review.step) continue;
    if (!options.allGroups && review.group === 'designer' && !ownDesigners.includes(String(binding.designerOf(subject))))
      continue;
    const flow = flowFor(binding.subject, holder.config);
    const stage = stageOf(flow, review.step ?? '');
    if (!stage) continue;
    const past = (siblings.get(review.subject_key) ?? []).filter(
      (d) => d.step === stage.state && d.revision === review.revision && d.state !== 'pending' && d.state !== 'closed',
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
      names: reads.names.get(at) ?? {},
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

/** A queue item with its record named for the reader (reference, IP, counterparty), as the API answers it. */
export type NamedQueueItem = Omit<QueueItem, 'names'> & { name: RecordName };

/** Names every item's record from what the queue's statement read with it: no read of its own. */
export function nameQueueItems(items: QueueItem[], lang: 'jp' | 'en'): NamedQueueItem[] {
  return items.map(({ names, ...item }) => ({
    ...item,
    name: nameRecord(factsFromLookups(KIND_OF_SUBJECT[item.review.subjectType], item.subject, names), lang),
  }));
}

/**
 * The queue as the API answers it, as JSON text: each item with its subject's whole row, sent on
 * as the database wrote it (never parsed here), and with its record named for the reader. Only
 * the few fields the flow engine and the names need are read back into values.
 */
export async function queueAnswer(
  db: Db,
  viewer: Viewer,
  subjects: readonly Subject[],
  lang: 'jp' | 'en',
  now = new Date(),
): Promise<JsonText> {
  const holder = await defaultHolder(db);
  const reads = await readQueue(db, subjects, reviewerGroups(holder, viewer), viewer.sub, { rows: true });
  const named = nameQueueItems(queueItems(reads, holder, now), lang);
  return arrayOfText(
    named.map((item) => {
      // queueItems keeps only reviews whose subject was read, so its whole row is there.
      const row = reads.rows.get(subjectAt(item.review.subjectType, String(item.subject.key)))!;
      // Dates written out first: an object holding a Date leaves JSON.stringify's fast path (3× slower here).
      return objectOfText({
        review: { ...item.review, dateCreated: item.review.dateCreated.toISOString() },
        subject: new JsonText(row),
        waitingDays: item.waitingDays,
        waitingMinutes: item.waitingMinutes,
        deadline: item.deadline.toISOString(),
        overdue: item.overdue,
        name: item.name,
      });
    }),
  );
}
