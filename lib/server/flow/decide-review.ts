import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../api/errors';
import type { Db } from '../db/client';
import { reviews } from '../db/entities-schema';
import { entities } from '../entities/definitions';
import { validateRecord } from '../entities/validate';
import type { Viewer } from '../entities/viewer';
import { DECISIONS } from './decision-states';
import { canDecideFor, decide, stageOf } from './engine';
import { afterState } from './after-state';
import { enterState } from './enter-state';
import { toAppError } from './errors';
import { decisionInput } from './decision-input';

export { decisionInput };
import { actorFacts, defaultHolder } from './facts';
import { flowFor } from './overrides';
import { logTransition } from './record-events';
import { lockSubject, moveSubject } from './subject-row';
import { bindingForSubject } from './subjects';
import type { ActorFacts, Decision, PastDecision, ReviewerGroup, Subject } from './types';

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
  // The review's record when the caller has just read it (an approval queue's item): not read again.
  known?: { subjectType: Subject; subjectKey: string },
): Promise<DecisionResult> {
  if (!(DECISIONS as readonly string[]).includes(state))
    throw new AppError('not_found', `unknown decision ${state.slice(0, 40)}`);
  const decision = state as Decision;
  const input = validateRecord(decisionInput, body ?? {}, viewer.lang);
  try {
    return await db.transaction(async (txAny) => {
      const tx = txAny as unknown as Db;
      // The subject is locked before its review, as every other step on it locks the subject before
      // the reviews it opens or closes. Locked review-first, a decision that ends the round waited
      // for another reviewer's review while that reviewer waited for the subject: a deadlock.
      const [of] = known
        ? [{ subject_type: known.subjectType, subject_key: known.subjectKey }]
        : await tx
            .select({ subject_type: reviews.subject_type, subject_key: reviews.subject_key })
            .from(reviews)
            .where(eq(reviews.key, reviewKey))
            .limit(1);
      if (!of) throw new AppError('not_found', 'Review not found');
      const binding = bindingForSubject(of.subject_type as Subject);
      const def = entities[binding.entity];
      const subject = await lockSubject(tx, def, { ...viewer, holder: true }, of.subject_key);
      const [review] = await tx.select().from(reviews).where(eq(reviews.key, reviewKey)).for('update').limit(1);
      if (!review || review.subject_key !== of.subject_key) throw new AppError('not_found', 'Review not found');
      const holder = await defaultHolder(tx);
      const flow = flowFor(binding.subject, holder.config);
      const facts = await actorFacts(tx, viewer, holder, binding, subject);
      const group = review.group as ReviewerGroup;
      if (!canDecideFor(group, facts)) throw new AppError('not_found', 'Review not found');
      if (review.state !== 'pending')
        throw new AppError('conflict', 'this review has already been decided', { errors: { state: review.state } });
      if (subject.state !== review.step || !stageOf(flow, String(subject.state))) {
        throw new AppError('conflict', 'the record has moved on since this review was opened', {
          errors: { state: String(subject.state) },
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
      const past = decided.map((d) => ({ group: d.group, reviewer: d.reviewer ?? '', state: d.state }) as PastDecision);
      const outcome = decide(flow, String(subject.state), past, decision, factsForGroup(facts, group), input.comment);
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
      const entered = await enterState(tx, flow, holder, binding, { ...event, row: moved, to: outcome.next }, [
        'owner',
        'licensee',
      ]);
      return { review: updated, subject: entered.row, moved: true };
    });
  } catch (err) {
    throw toAppError(err, viewer.lang);
  }
}
