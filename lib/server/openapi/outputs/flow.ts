import { anyObject, arrayOf, bool, dateTime, enumOf, int, mapOf, nullable, num, object, ref, str } from './kit';
import { NAMED_KINDS } from '../../naming/kinds';
import { workflowEntry } from './core';

/** Answers of the review and flow routes: decisions, queues, a record's history and the steps it offers. */

// The flow vocabulary's Subject and ReviewerGroup are types only (flow/types.ts); their values, as answered.
const SUBJECTS = ['primary_ip', 'usage', 'ip', 'license', 'product', 'sales', 'invoice', 'liquid'];
const REVIEWER_GROUPS = ['legal', 'brand', 'cfl', 'boss', 'designer', 'holder'];

/** The record a review is about, as its own entity answers it (IP, Usage, License, …). */
export const subjectRecord = {
  ...object({ key: str, state: str }),
  // The whole stored row of whichever entity is under review: its other fields depend on the kind.
  additionalProperties: true,
  description: 'The record under review, as its entity answers it',
};

/** lib/server/naming: how a person names a record, in the caller's language. */
export const recordName = object({
  kind: enumOf(NAMED_KINDS),
  noun: str,
  reference: nullable(str),
  title: str,
  counterparty: nullable(str),
  detail: nullable(str),
  label: { type: 'string', examples: ['LIC-2026-0042 ポテトヒーロー / カルビー商事'] },
});

export const decisionResult = object({
  review: ref('Review'),
  subject: subjectRecord,
  moved: { type: 'boolean', description: 'true when the decision moved the record to its next state' },
});

export const queueReview = object({
  key: str,
  subjectType: enumOf(SUBJECTS),
  group: enumOf(REVIEWER_GROUPS),
  step: str,
  revision: int,
  dateCreated: dateTime,
});

export const queueItem = object({
  review: queueReview,
  subject: subjectRecord,
  waitingDays: { type: 'integer', description: 'Business days the item has waited at this step' },
  waitingMinutes: int,
  deadline: { ...dateTime, description: 'when the group must decide (SLA in Holder.config)' },
  overdue: bool,
});

export const reviewStats = object({
  key: str,
  total: { type: 'integer', description: 'Decisions taken; pending and unanswered closed reviews are none' },
  byState: mapOf(int),
  byGroup: mapOf(mapOf(int)),
});

/** lib/server/flow/latest-decisions: the decision a list shows beside each record. */
export const latestDecision = object({
  subject: { type: 'string', description: 'Key of the record decided on' },
  group: nullable(str),
  state: str,
  comment: nullable(str),
  revision: int,
  dateUpdated: dateTime,
});

const markup = object({ image: str, x: num, y: num, note: str });

export const subjectHistory = object({
  subject: { ...anyObject, description: 'The record, as its entity answers it' },
  reviews: arrayOf(
    object({
      key: str,
      group: nullable(str),
      step: nullable(str),
      state: str,
      comment: nullable(str),
      markups: arrayOf(markup),
      revision: int,
      dateCreated: dateTime,
      dateUpdated: dateTime,
      reviewer: nullable(str),
      reviewerName: nullable(str),
      reviewerFirst: nullable(str),
      reviewerLast: nullable(str),
    }),
  ),
  log: arrayOf(workflowEntry),
  versions: arrayOf(object({ step: str, revision: int, data: anyObject, dateCreated: dateTime })),
});

export const recordActions = object({
  state: str,
  actions: arrayOf(object({ action: str, to: str, needsComment: bool })),
  waitingFor: arrayOf(enumOf(REVIEWER_GROUPS)),
  decideFor: arrayOf(enumOf(REVIEWER_GROUPS)),
});
