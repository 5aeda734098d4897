import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reviews, subjectVersions } from '../db/entities-schema';
import { entities } from '../entities/definitions';
import { newKey } from '../keys';
import { emitTransitionWebhooks } from '../webhooks/emit';
import { afterState } from './after-state';
import { addBusinessDays, slaDays } from './business-days';
import { audienceOf } from './audience';
import { groupsDue, stageOf } from './engine';
import type { HolderContext } from './facts';
import { logTransition, notifyTransition, type TransitionEvent } from './record-events';
import { moveSubject } from './subject-row';
import type { SubjectBinding } from './subjects';
import type { Audience, FlowDef, ReviewerGroup } from './types';

type Row = Record<string, unknown>;

/**
 * What happens when a record arrives in a state: a review stage opens a new round with one
 * pending Review per group; the move is logged; the people concerned are notified.
 */
export async function enterState(
  tx: Db,
  flow: FlowDef,
  holder: HolderContext,
  binding: SubjectBinding,
  event: TransitionEvent,
  audiences: readonly Audience[],
): Promise<{ round: number | null; notified: number; row: Row }> {
  const stage = stageOf(flow, event.to);
  // A stage whose only reviewers cannot exist for this record (the designer review of a product
  // made from a primary IP, which has no designer) passes as approved instead of waiting forever.
  if (stage && stage.groups.every((group) => group === 'designer') && !binding.designerOf(event.row)) {
    await logTransition(tx, event);
    await emitTransitionWebhooks(tx, event);
    const key = String(event.row.key);
    const next = stage.outcome.approved;
    const moved = await moveSubject(tx, entities[binding.entity], key, event.to, next);
    await afterState(tx, binding.subject, moved, next);
    return enterState(
      tx,
      flow,
      holder,
      binding,
      {
        ...event,
        row: moved,
        action: 'skip_review',
        from: event.to,
        to: next,
        comment: undefined,
        data: { skipped: stage.state },
      },
      audiences,
    );
  }
  let round: number | null = null;
  let due: ReviewerGroup[] = [];
  if (stage) {
    const [last] = await tx
      .select({ round: max(reviews.revision) })
      .from(reviews)
      .where(and(eq(reviews.subject_key, String(event.row.key)), eq(reviews.step, stage.state)));
    round = (last?.round ?? 0) + 1;
    await tx.insert(reviews).values(
      stage.groups.map((group) => ({
        key: newKey(),
        subject_type: flow.subject,
        subject_key: String(event.row.key),
        group,
        step: stage.state,
        state: 'pending',
        revision: round!,
      })),
    );
    // The record as the reviewers of this round see it, kept for side-by-side comparison.
    await tx.insert(subjectVersions).values({
      key: newKey(),
      subject_type: flow.subject,
      subject_key: String(event.row.key),
      step: stage.state,
      revision: round,
      data: JSON.parse(JSON.stringify(event.row)) as Record<string, unknown>,
    });
    due = groupsDue(stage, []);
  }
  await logTransition(tx, event);
  // Outside systems hear of the move in this transaction (the webhook outbox).
  await emitTransitionWebhooks(tx, event);
  const withReviewers: readonly Audience[] = stage ? [...new Set([...audiences, 'reviewers' as const])] : audiences;
  const people = await audienceOf(tx, holder, binding, event.row, withReviewers, due, event.actor);
  const deadline = due.length
    ? new Date(Math.min(...due.map((g) => addBusinessDays(new Date(), slaDays(holder.config, flow.subject, g)).getTime())))
    : null;
  const notified = await notifyTransition(tx, event, people, due, deadline);
  return { round, notified, row: event.row };
}
