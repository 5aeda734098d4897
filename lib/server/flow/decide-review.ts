import type { z } from 'zod';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { reviews } from '../db/entities-schema';
import { entities, type EntityDef } from '../entities/definitions';
import { validateRecord } from '../entities/validate';
import type { Viewer } from '../entities/viewer';
import { DECISIONS } from './decision-states';
import { canDecideFor, decide, groupsDue, stageOf } from './engine';
import { afterState } from './after-state';
import { enterState } from './enter-state';
import { toAppError } from './errors';
import { decisionInput } from './decision-input';

export { decisionInput };
import { actorFacts, defaultHolder, type HolderContext } from './facts';
import { flowFor } from './overrides';
import { logTransition } from './record-events';
import { lockSubject, moveSubject } from './subject-row';
import { bindingForSubject, type SubjectBinding } from './subjects';
import type { ReviewRow } from './queue-reads';
import type { ActorFacts, Decision, FlowDef, PastDecision, ReviewStage, ReviewerGroup, Subject } from './types';

export { DECISIONS };

type Row = Record<string, unknown>;

/** Decide for exactly this Review's group, even when the person sits in several groups. */
function factsForGroup(facts: ActorFacts, group: ReviewerGroup): ActorFacts {
  return {
    ...facts,
    groups: facts.groups.filter((g) => g === group),
    isDesignerOfSubject: group === 'designer' && facts.isDesignerOfSubject,
    isProduct: group === 'holder' && facts.isProduct,
    isAdmin: group === 'holder' && facts.isAdmin,
  };
}

export interface DecisionResult {
  review: Row;
  subject: Row;
  moved: boolean;
}

/**
 * PATCH /api/v1/Review/{id}/{state}: one reviewer's decision on a pending Review. The subject and
 * then the Review are locked, so two reviewers deciding at once are applied one after the other:
 * both decisions are stored and the subject moves exactly once.
 */
export async function decideReview(
  db: Db,
  viewer: Viewer,
  reviewKey: string,
  state: string,
  body: unknown,
): Promise<DecisionResult> {
  return inDecision(db, viewer, state, body, async (tx, decision, input) => {
    // The subject is locked before its review, as every other step on it locks the subject before
    // the reviews it opens or closes. Locked review-first, a decision that ends the round waited
    // for another reviewer's review while that reviewer waited for the subject: a deadlock.
    const [of] = await tx
      .select({ subject_type: reviews.subject_type, subject_key: reviews.subject_key })
      .from(reviews)
      .where(eq(reviews.key, reviewKey))
      .limit(1);
    if (!of) throw new AppError('not_found', 'Review not found');
    const at = await lockedSubject(tx, viewer, of.subject_type as Subject, of.subject_key);
    const [review] = await tx.select().from(reviews).where(eq(reviews.key, reviewKey)).for('update').limit(1);
    if (!review || review.subject_key !== of.subject_key) throw new AppError('not_found', 'Review not found');
    const group = review.group as ReviewerGroup;
    if (!canDecideFor(group, at.facts)) throw new AppError('not_found', 'Review not found');
    if (review.state !== 'pending')
      throw new AppError('conflict', 'this review has already been decided', { errors: { state: review.state } });
    if (at.subject.state !== review.step || !at.stage) {
      throw new AppError('conflict', 'the record has moved on since this review was opened', {
        errors: { state: String(at.subject.state) },
      });
    }
    const decided = await tx
      .select({ group: reviews.group, reviewer: reviews.reviewer, state: reviews.state })
      .from(reviews)
      .where(
        and(
          eq(reviews.subject_key, review.subject_key),
          eq(reviews.step, review.step ?? ''),
          eq(reviews.revision, review.revision),
          ne(reviews.state, 'pending'),
          ne(reviews.state, 'closed'),
        ),
      );
    return settle(tx, viewer, at, review, decided.map(pastDecision), decision, input);
  });
}

/**
 * POST /api/v1/Holder/approve/{kind}/{id}: the caller decides on a record for whichever of their
 * groups it waits on now. The subject is locked first and its round's reviews read (and locked)
 * in one statement, so the choice of review is made on what cannot change under it: there is no
 * queue to read beforehand, and a second decision sent at once finds the first one's outcome.
 */
export async function decideOwnReview(
  db: Db,
  viewer: Viewer,
  subjectType: Subject,
  subjectKey: string,
  state: string,
  body: unknown,
): Promise<DecisionResult> {
  const nothingOfYours = () => new AppError('not_found', 'nothing of yours to decide on this item');
  return inDecision(db, viewer, state, body, async (tx, decision, input) => {
    const at = await lockedSubject(tx, viewer, subjectType, subjectKey);
    if (!at.stage) throw nothingOfYours();
    const stage = at.stage;
    const mine = stage.groups.filter((g) => canDecideFor(g, at.facts));
    if (mine.length === 0) throw nothingOfYours();
    const step = String(at.subject.state);
    const atStep = await tx
      .select()
      .from(reviews)
      .where(
        and(
          eq(reviews.subject_type, subjectType),
          eq(reviews.subject_key, subjectKey),
          eq(reviews.step, step),
          ne(reviews.state, 'closed'),
        ),
      )
      .for('update');
    // The round under way is the newest; earlier rounds at the same step were closed or decided.
    const round = Math.max(0, ...atStep.map((r) => r.revision));
    const ofRound = atStep.filter((r) => r.revision === round);
    const past = ofRound.filter((r) => r.state !== 'pending').map(pastDecision);
    const due = groupsDue(stage, past);
    const group = mine.find((g) => due.includes(g));
    const review = group && ofRound.find((r) => r.group === group && r.state === 'pending');
    if (!review) {
      // Theirs was decided (by a decision sent just before this one, say): say so rather than "nothing".
      if (past.some((d) => mine.includes(d.group)))
        throw new AppError('conflict', 'this review has already been decided', { errors: { state: 'decided' } });
      throw nothingOfYours();
    }
    return settle(tx, viewer, at, review, past, decision, input);
  });
}

type DecisionInput = z.infer<typeof decisionInput>;

/** A decided review as the flow engine weighs it. */
function pastDecision(row: { group: string | null; reviewer: string | null; state: string }): PastDecision {
  return { group: row.group, reviewer: row.reviewer ?? '', state: row.state } as PastDecision;
}

/** The decision and its body checked, then its work in one transaction; the flow's refusals in the reader's words. */
async function inDecision(
  db: Db,
  viewer: Viewer,
  state: string,
  body: unknown,
  work: (tx: Db, decision: Decision, input: DecisionInput) => Promise<DecisionResult>,
): Promise<DecisionResult> {
  if (!(DECISIONS as readonly string[]).includes(state))
    throw new AppError('not_found', `unknown decision ${state.slice(0, 40)}`);
  const input = validateRecord(decisionInput, body ?? {}, viewer.lang);
  try {
    return await db.transaction((tx) => work(tx as unknown as Db, state as Decision, input));
  } catch (err) {
    throw toAppError(err, viewer.lang);
  }
}

/** A subject locked for a decision, with what the engine needs to know of it and of the caller. */
interface LockedSubject {
  binding: SubjectBinding;
  def: EntityDef;
  subject: Row;
  holder: HolderContext;
  flow: FlowDef;
  /** The review stage the subject is at, if it is at one. */
  stage: ReviewStage | undefined;
  facts: ActorFacts;
}

async function lockedSubject(tx: Db, viewer: Viewer, subjectType: Subject, key: string): Promise<LockedSubject> {
  const binding = bindingForSubject(subjectType);
  const def = entities[binding.entity];
  const subject = await lockSubject(tx, def, { ...viewer, holder: true }, key);
  const holder = await defaultHolder(tx);
  const flow = flowFor(binding.subject, holder.config);
  const facts = await actorFacts(tx, viewer, holder, binding, subject);
  return { binding, def, subject, holder, flow, stage: stageOf(flow, String(subject.state)), facts };
}

/** Applies one group's decision on a pending review of the subject's current round, both locked. */
async function settle(
  tx: Db,
  viewer: Viewer,
  at: LockedSubject,
  review: ReviewRow,
  past: PastDecision[],
  decision: Decision,
  input: DecisionInput,
): Promise<DecisionResult> {
  const { binding, def, subject, holder, flow } = at;
  const group = review.group as ReviewerGroup;
  const reviewKey = review.key;
  const outcome = decide(flow, String(subject.state), past, decision, factsForGroup(at.facts, group), input.comment);
  const from = String(subject.state);
  const decisionFields = {
    reviewer: viewer.sub,
    comment: input.comment ?? null,
    markups: input.markups ?? [],
  };
  // A decision that ends the round also closes the round's other pending reviews, in the same
  // statement: the decision's row takes the decision, the others are closed as they are.
  const thisOne = sql`${reviews.key} = ${reviewKey}`;
  const written = outcome.next
    ? await tx
        .update(reviews)
        .set({
          state: sql`case when ${thisOne} then ${decision} else 'closed' end`,
          reviewer: sql`case when ${thisOne} then ${decisionFields.reviewer} else ${reviews.reviewer} end`,
          comment: sql`case when ${thisOne} then ${decisionFields.comment}::text else ${reviews.comment} end`,
          markups: sql`case when ${thisOne} then ${JSON.stringify(decisionFields.markups)}::jsonb else ${reviews.markups} end`,
          version: sql`case when ${thisOne} then ${reviews.version} + 1 else ${reviews.version} end`,
          dateUpdated: new Date(),
        })
        .where(
          and(
            eq(reviews.subject_key, review.subject_key),
            eq(reviews.step, from),
            eq(reviews.revision, review.revision),
            eq(reviews.state, 'pending'),
          ),
        )
        .returning()
    : await tx
        .update(reviews)
        .set({ ...decisionFields, state: decision, version: sql`${reviews.version} + 1`, dateUpdated: new Date() })
        .where(and(eq(reviews.key, reviewKey), eq(reviews.state, 'pending')))
        .returning();
  const updated = written.find((row) => row.key === reviewKey);
  if (!updated) throw new AppError('conflict', 'this review has already been decided');
  const event = {
    subject: binding.subject,
    action: decision,
    from,
    actor: viewer.sub,
    comment: input.comment,
    data: { group, review: reviewKey, round: review.revision },
  };
  if (!outcome.next) {
    await logTransition(tx, { ...event, row: subject, to: from });
    return { review: updated, subject, moved: false };
  }
  const moved = await moveSubject(tx, def, review.subject_key, from, outcome.next);
  await afterState(tx, binding.subject, moved, outcome.next);
  // The applicant's side hears the outcome: the person who applied and their organisation.
  const entered = await enterState(tx, flow, holder, binding, { ...event, row: moved, to: outcome.next }, ['owner', 'licensee']);
  return { review: updated, subject: entered.row, moved: true };
}
