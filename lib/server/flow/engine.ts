import type { Actor, ActorFacts, Decision, FlowDef, PastDecision, ReviewerGroup, ReviewStage, TransitionDef } from './types';

/** A move the flow does not allow; the message says why, in words a person can act on. */
export class FlowError extends Error {
  constructor(
    readonly reason:
      | 'unknown_action'
      | 'wrong_state'
      | 'not_allowed'
      | 'not_reviewing'
      | 'not_a_reviewer'
      | 'already_decided'
      | 'out_of_turn'
      | 'comment_required',
    message: string,
    /** For a refused step: which step and who may take it, so the refusal can say so in words. */
    readonly step?: { action: string; by: readonly Actor[] },
    /** For a step out of its state: the state the record is in and those the step is taken from. */
    readonly at?: { state: string; from: readonly string[] },
  ) {
    super(message);
    this.name = 'FlowError';
  }
}

export function actorMatches(actor: Actor, facts: ActorFacts): boolean {
  switch (actor.kind) {
    case 'owner':
      return facts.isOwner;
    case 'holder':
      return facts.isHolder;
    case 'product':
      return facts.isProduct;
    case 'admin':
      return facts.isAdmin;
    case 'group':
      return facts.groups.includes(actor.group);
    case 'designer':
      return facts.isDesignerOfSubject;
    case 'licensee':
      return facts.isLicenseeOfSubject;
    case 'system':
      return facts.isSystem === true;
  }
}

export function stageOf(flow: FlowDef, state: string): ReviewStage | undefined {
  return flow.reviews.find((stage) => stage.state === state);
}

/** The actions this person may take on a subject in this state. */
export function availableActions(flow: FlowDef, state: string, facts: ActorFacts): TransitionDef[] {
  return flow.transitions.filter((t) => t.from.includes(state) && t.by.some((actor) => actorMatches(actor, facts)));
}

/** Checks one transition; answers the state it leads to. */
export function transition(flow: FlowDef, state: string, action: string, facts: ActorFacts, comment?: string): TransitionDef {
  const candidates = flow.transitions.filter((t) => t.action === action);
  if (candidates.length === 0) throw new FlowError('unknown_action', `"${action}" is not a step of the ${flow.subject} flow`);
  const step = candidates.find((t) => t.from.includes(state));
  if (!step) {
    const from = [...new Set(candidates.flatMap((t) => t.from))];
    throw new FlowError('wrong_state', `"${action}" is possible from ${from.join(', ')}, not from ${state}`, undefined, {
      state,
      from,
    });
  }
  if (!step.by.some((actor) => actorMatches(actor, facts)))
    throw new FlowError('not_allowed', `you may not ${action} this ${flow.subject}`, { action, by: step.by });
  if (step.needsComment && !comment?.trim()) throw new FlowError('comment_required', `"${action}" needs a comment`);
  return step;
}

/** Holder groups and roles that may decide for a reviewing group. */
export function canDecideFor(group: ReviewerGroup, facts: ActorFacts): boolean {
  if (group === 'designer') return facts.isDesignerOfSubject;
  if (group === 'holder') return facts.isProduct || facts.isAdmin;
  return facts.groups.includes(group);
}

/** Groups of this stage that have not decided yet, in the stage's order. */
export function pendingGroups(stage: ReviewStage, decisions: readonly PastDecision[]): ReviewerGroup[] {
  const decided = new Set(decisions.map((d) => d.group));
  return stage.groups.filter((g) => !decided.has(g));
}

/** Groups whose turn it is now: all pending ones, or only the first in a sequence. */
export function groupsDue(stage: ReviewStage, decisions: readonly PastDecision[]): ReviewerGroup[] {
  const pending = pendingGroups(stage, decisions);
  return stage.order === 'sequence' ? pending.slice(0, 1) : pending;
}

export interface DecisionOutcome {
  group: ReviewerGroup;
  /** The state the subject moves to, or null while other groups still have to decide. */
  next: string | null;
}

/**
 * One reviewer's decision at a review stage: for which group it counts, and where the subject
 * goes. A rejection or a request for changes ends the stage at once; approval (with or without
 * conditions) moves on only when every group of the stage has approved.
 */
export function decide(
  flow: FlowDef,
  state: string,
  decisions: readonly PastDecision[],
  decision: Decision,
  facts: ActorFacts,
  comment?: string,
): DecisionOutcome {
  const stage = stageOf(flow, state);
  if (!stage) throw new FlowError('not_reviewing', `this ${flow.subject} is ${state}, not waiting for a review`);
  const mine = stage.groups.filter((g) => canDecideFor(g, facts));
  if (mine.length === 0) throw new FlowError('not_a_reviewer', `you are not a reviewer of this ${flow.subject} at ${state}`);
  const due = groupsDue(stage, decisions);
  const group = mine.find((g) => due.includes(g));
  if (!group) {
    const undecided = mine.filter((g) => pendingGroups(stage, decisions).includes(g));
    if (undecided.length) throw new FlowError('out_of_turn', `${undecided.join(', ')} decides after ${due.join(', ')}`);
    throw new FlowError('already_decided', `${mine.join(', ')} has already decided on this ${flow.subject}`);
  }
  if (
    (decision === 'rejected' || decision === 'changes_requested' || decision === 'approved_with_conditions') &&
    !comment?.trim()
  ) {
    throw new FlowError('comment_required', 'say why in a comment');
  }
  if (decision === 'rejected') return { group, next: stage.outcome.rejected };
  if (decision === 'changes_requested') return { group, next: stage.outcome.changes_requested };
  const remaining = pendingGroups(stage, [...decisions, { group, reviewer: facts.sub, state: decision }]);
  return { group, next: remaining.length === 0 ? stage.outcome.approved : null };
}

/** Every state is reachable and every transition stays inside the flow: checked for defaults and overrides. */
export function checkFlow(flow: FlowDef): string[] {
  const problems: string[] = [];
  const known = new Set(flow.states);
  if (!known.has(flow.initial)) problems.push(`initial state ${flow.initial} is not a state`);
  for (const t of flow.transitions) {
    for (const s of [...t.from, t.to]) if (!known.has(s)) problems.push(`${t.action}: unknown state ${s}`);
    if (t.by.length === 0) problems.push(`${t.action}: nobody may take it`);
  }
  for (const stage of flow.reviews) {
    if (!known.has(stage.state)) problems.push(`review at unknown state ${stage.state}`);
    if (stage.groups.length === 0) problems.push(`review at ${stage.state} has no groups`);
    for (const s of Object.values(stage.outcome))
      if (!known.has(s)) problems.push(`review at ${stage.state}: unknown outcome ${s}`);
  }
  const reachable = new Set([flow.initial]);
  let grew = true;
  while (grew) {
    grew = false;
    const edges = [
      ...flow.transitions.flatMap((t) => t.from.filter((f) => reachable.has(f)).map(() => t.to)),
      ...flow.reviews.filter((r) => reachable.has(r.state)).flatMap((r) => Object.values(r.outcome)),
    ];
    for (const s of edges) {
      if (!reachable.has(s)) {
        reachable.add(s);
        grew = true;
      }
    }
  }
  for (const s of flow.states) if (!reachable.has(s)) problems.push(`state ${s} cannot be reached`);
  return problems;
}
