import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reviews } from '../db/entities-schema';
import type { EntityName } from '../entities/definitions';
import { entities } from '../entities/definitions';
import { getRecord } from '../entities/records';
import type { Viewer } from '../entities/viewer';
import { AppError } from '../api/errors';
import { availableActions, canDecideFor, groupsDue, stageOf } from './engine';
import { actorFacts, defaultHolder } from './facts';
import { flowFor } from './overrides';
import { bindingForRecord } from './subjects';
import type { ActorFacts, FlowDef, PastDecision, ReviewerGroup } from './types';

/** One step a person may take now, as the page offers it. */
export interface OfferedAction {
  action: string;
  to: string;
  needsComment: boolean;
}

/** What a person may do with a record now, and what it waits for otherwise. */
export interface RecordActions {
  state: string;
  /** Steps of the flow this person may take (POST /api/v1/{Entity}/{id}/{action}). */
  actions: OfferedAction[];
  /** Groups whose decision the record waits for (empty when it is not under review). */
  waitingFor: ReviewerGroup[];
  /** Groups this person may decide for now (the approval queue's decision panel). */
  decideFor: ReviewerGroup[];
}

/**
 * The steps a person may take on a record in a state: exactly those the engine's transition()
 * accepts for them (the system's own steps are never offered to a person). Pages and menus show
 * these and nothing else; the server checks again when a step is taken.
 */
export function offeredActions(flow: FlowDef, state: string, facts: ActorFacts): OfferedAction[] {
  return availableActions(flow, state, { ...facts, isSystem: false }).map((t) => ({
    action: t.action,
    to: t.to,
    needsComment: Boolean(t.needsComment),
  }));
}

/** GET /api/v1/{Entity}/{id}/actions: what the caller may do with a record now. */
export async function recordActions(db: Db, viewer: Viewer, entity: EntityName, key: string): Promise<RecordActions> {
  const def = entities[entity];
  const row = await getRecord(db, def, viewer, key);
  const binding = bindingForRecord(entity, row);
  if (!binding) throw new AppError('not_found', `${entity} has no flow`);
  const holder = await defaultHolder(db);
  const flow = flowFor(binding.subject, holder.config);
  const facts = await actorFacts(db, viewer, holder, binding, row);
  const state = String(row.state);
  const stage = stageOf(flow, state);
  let waitingFor: ReviewerGroup[] = [];
  let decideFor: ReviewerGroup[] = [];
  if (stage) {
    const rows = await db
      .select({ group: reviews.group, reviewer: reviews.reviewer, state: reviews.state, revision: reviews.revision })
      .from(reviews)
      .where(and(eq(reviews.subject_key, key), eq(reviews.step, state), ne(reviews.state, 'closed')));
    const round = Math.max(0, ...rows.map((r) => r.revision));
    const current = rows.filter((r) => r.revision === round);
    const past = current
      .filter((r) => r.state !== 'pending')
      .map((r) => ({ group: r.group, reviewer: r.reviewer ?? '', state: r.state }) as PastDecision);
    waitingFor = groupsDue(stage, past);
    decideFor = waitingFor.filter((g) => canDecideFor(g, facts));
  }
  return { state, actions: offeredActions(flow, state, facts), waitingFor, decideFor };
}
