import { describe, it, expect } from 'vitest';
import { defaultFlows } from '@/lib/server/flow/definitions';
import {
  FlowError,
  actorMatches,
  availableActions,
  canDecideFor,
  checkFlow,
  decide,
  groupsDue,
  pendingGroups,
  stageOf,
  transition,
} from '@/lib/server/flow/engine';
import { flowFor, parseOverride } from '@/lib/server/flow/overrides';
import type {
  Actor,
  ActorFacts,
  Decision,
  Effect,
  FlowDef,
  HolderGroup,
  PastDecision,
  ReviewerGroup,
  ReviewStage,
  Subject,
} from '@/lib/server/flow/types';

// ---------------------------------------------------------------------------------------------
// People: one ActorFacts per kind of actor, each with exactly one flag set.
// ---------------------------------------------------------------------------------------------

const ACTOR_NAMES = [
  'plain',
  'owner',
  'holder',
  'product',
  'admin',
  'legal',
  'brand',
  'cfl',
  'boss',
  'designer',
  'licensee',
  'system',
] as const;
type ActorName = (typeof ACTOR_NAMES)[number];

const nobody: ActorFacts = {
  sub: 'plain',
  isOwner: false,
  isAdmin: false,
  isProduct: false,
  isHolder: false,
  groups: [],
  isDesignerOfSubject: false,
  isLicenseeOfSubject: false,
  isSystem: false,
};

function person(sub: string, flags: Partial<ActorFacts>): ActorFacts {
  return { ...nobody, sub, ...flags };
}

const people: Record<ActorName, ActorFacts> = {
  plain: nobody,
  owner: person('owner', { isOwner: true }),
  holder: person('holder', { isHolder: true }),
  product: person('product', { isProduct: true }),
  admin: person('admin', { isAdmin: true }),
  legal: person('legal', { groups: ['legal'] }),
  brand: person('brand', { groups: ['brand'] }),
  cfl: person('cfl', { groups: ['cfl'] }),
  boss: person('boss', { groups: ['boss'] }),
  designer: person('designer', { isDesignerOfSubject: true }),
  licensee: person('licensee', { isLicenseeOfSubject: true }),
  system: person('system', { isSystem: true }),
};

/** Someone with every role and flag at once. */
const everyFlag: Partial<ActorFacts> = {
  isOwner: true,
  isAdmin: true,
  isProduct: true,
  isHolder: true,
  groups: ['legal', 'brand', 'cfl', 'boss'],
  isDesignerOfSubject: true,
  isLicenseeOfSubject: true,
  isSystem: true,
};

/** The person who is exactly this actor of a transition's `by`. */
function factsFor(actor: Actor): ActorFacts {
  return actor.kind === 'group' ? people[actor.group] : people[actor.kind];
}

function nameOf(actor: Actor): ActorName {
  return actor.kind === 'group' ? actor.group : actor.kind;
}

const SUBJECTS = Object.keys(defaultFlows) as Subject[];
const MADE_UP_ACTION = 'teleport';

/** Runs fn and answers the FlowError it throws; fails if it throws nothing or something else. */
function flowError(fn: () => unknown): FlowError {
  try {
    fn();
  } catch (error) {
    if (error instanceof FlowError) return error;
    throw error;
  }
  throw new Error('expected a FlowError, got none');
}

function reasonOf(fn: () => unknown): FlowError['reason'] {
  return flowError(fn).reason;
}

/** A decision already on record for a group. */
function decided(group: ReviewerGroup, state: Decision = 'approved'): PastDecision {
  return { group, reviewer: `someone-${group}`, state };
}

type Step = readonly [who: ActorFacts, decision: Decision, comment?: string];

/** Plays reviewers' decisions one after the other, recording each, and answers each step's `next`. */
function play(flow: FlowDef, state: string, steps: readonly Step[]): (string | null)[] {
  const decisions: PastDecision[] = [];
  return steps.map(([who, decision, comment]) => {
    const { group, next } = decide(flow, state, decisions, decision, who, comment);
    decisions.push({ group, reviewer: who.sub, state: decision });
    return next;
  });
}

// ---------------------------------------------------------------------------------------------
// The expectation: DESIGN §6 written out by hand, independently of definitions.ts.
// ---------------------------------------------------------------------------------------------

interface ExpectedMove {
  state: string;
  action: string;
  by: readonly ActorName[];
  to: string;
  comment?: true;
  effects?: readonly Effect[];
}

interface ExpectedReview {
  state: string;
  groups: readonly ReviewerGroup[];
  order: 'all' | 'sequence';
  approved: string;
  rejected: string;
  changes: string;
}

interface ExpectedFlow {
  initial: string;
  states: readonly string[];
  final: readonly string[];
  moves: readonly ExpectedMove[];
  reviews: readonly ExpectedReview[];
}

const terminators = ['admin', 'legal'] as const;

const expected: Record<Subject, ExpectedFlow> = {
  primary_ip: {
    initial: 'draft',
    states: ['draft', 'published', 'retired'],
    final: ['retired'],
    moves: [
      { state: 'draft', action: 'publish', by: ['product', 'admin'], to: 'published' },
      { state: 'published', action: 'retire', by: ['product', 'admin'], to: 'retired', comment: true },
    ],
    reviews: [],
  },
  usage: {
    initial: 'requested',
    states: ['requested', 'changes_requested', 'approved', 'rejected', 'revoked'],
    final: ['rejected', 'revoked'],
    moves: [
      { state: 'changes_requested', action: 'resubmit', by: ['owner'], to: 'requested' },
      { state: 'approved', action: 'revoke', by: ['brand', 'admin'], to: 'revoked', comment: true },
    ],
    reviews: [
      {
        state: 'requested',
        groups: ['brand'],
        order: 'all',
        approved: 'approved',
        rejected: 'rejected',
        changes: 'changes_requested',
      },
    ],
  },
  ip: {
    initial: 'draft',
    states: ['draft', 'submitted', 'approved', 'rejected', 'changes_requested'],
    final: ['rejected'],
    moves: [
      { state: 'draft', action: 'submit', by: ['owner'], to: 'submitted' },
      { state: 'changes_requested', action: 'revise', by: ['owner'], to: 'draft' },
      { state: 'changes_requested', action: 'resubmit', by: ['owner'], to: 'submitted' },
    ],
    reviews: [
      {
        state: 'submitted',
        groups: ['brand', 'legal'],
        order: 'all',
        approved: 'approved',
        rejected: 'rejected',
        changes: 'changes_requested',
      },
    ],
  },
  license: {
    initial: 'applied',
    states: [
      'applied',
      'in_review',
      'changes_requested',
      'approved',
      'rejected',
      'contract_sent',
      'signed',
      'active',
      'expired',
      'terminated',
    ],
    final: ['rejected', 'expired', 'terminated'],
    moves: [
      { state: 'applied', action: 'start_review', by: ['owner', 'licensee', 'holder', 'system'], to: 'in_review' },
      { state: 'changes_requested', action: 'resubmit', by: ['owner', 'licensee', 'holder'], to: 'in_review' },
      {
        state: 'approved',
        action: 'send_contract',
        by: ['holder', 'system'],
        to: 'contract_sent',
        effects: ['generate_contract'],
      },
      { state: 'contract_sent', action: 'sign', by: ['licensee'], to: 'signed' },
      { state: 'signed', action: 'countersign', by: ['holder'], to: 'active', effects: ['issue_credential'] },
      { state: 'active', action: 'expire', by: ['system', 'admin'], to: 'expired', effects: ['revoke_credential'] },
      { state: 'active', action: 'terminate', by: terminators, to: 'terminated', comment: true, effects: ['revoke_credential'] },
      { state: 'signed', action: 'terminate', by: terminators, to: 'terminated', comment: true, effects: ['revoke_credential'] },
      {
        state: 'contract_sent',
        action: 'terminate',
        by: terminators,
        to: 'terminated',
        comment: true,
        effects: ['revoke_credential'],
      },
    ],
    reviews: [
      {
        state: 'in_review',
        groups: ['legal', 'cfl', 'boss'],
        order: 'all',
        approved: 'approved',
        rejected: 'rejected',
        changes: 'changes_requested',
      },
    ],
  },
  product: {
    initial: 'draft',
    states: ['draft', 'designer_review', 'holder_review', 'approved', 'rejected', 'changes_requested'],
    final: ['rejected'],
    moves: [
      { state: 'draft', action: 'submit', by: ['licensee'], to: 'designer_review' },
      { state: 'changes_requested', action: 'resubmit', by: ['licensee'], to: 'designer_review' },
      { state: 'changes_requested', action: 'revise', by: ['licensee'], to: 'draft' },
    ],
    reviews: [
      {
        state: 'designer_review',
        groups: ['designer'],
        order: 'all',
        approved: 'holder_review',
        rejected: 'rejected',
        changes: 'changes_requested',
      },
      {
        state: 'holder_review',
        groups: ['brand'],
        order: 'all',
        approved: 'approved',
        rejected: 'rejected',
        changes: 'changes_requested',
      },
    ],
  },
  sales: {
    initial: 'submitted',
    states: ['submitted', 'approved', 'rejected', 'invoiced', 'superseded'],
    final: ['rejected', 'invoiced', 'superseded'],
    moves: [
      { state: 'approved', action: 'invoice', by: ['licensee', 'holder', 'system'], to: 'invoiced' },
      { state: 'submitted', action: 'supersede', by: ['system'], to: 'superseded' },
      { state: 'approved', action: 'supersede', by: ['system'], to: 'superseded' },
    ],
    reviews: [
      { state: 'submitted', groups: ['cfl'], order: 'all', approved: 'approved', rejected: 'rejected', changes: 'rejected' },
    ],
  },
  invoice: {
    initial: 'draft',
    states: ['draft', 'submitted', 'approved', 'rejected', 'paid'],
    final: ['rejected', 'paid'],
    moves: [
      { state: 'draft', action: 'submit', by: ['licensee'], to: 'submitted' },
      { state: 'approved', action: 'mark_paid', by: ['cfl', 'admin'], to: 'paid' },
    ],
    reviews: [
      {
        state: 'submitted',
        groups: ['cfl', 'boss'],
        order: 'sequence',
        approved: 'approved',
        rejected: 'rejected',
        changes: 'draft',
      },
    ],
  },
  liquid: {
    initial: 'applied',
    states: ['applied', 'reviewing', 'approved', 'issued', 'rejected'],
    final: ['issued', 'rejected'],
    moves: [
      { state: 'applied', action: 'review', by: ['product', 'admin'], to: 'reviewing' },
      { state: 'reviewing', action: 'approve', by: ['product', 'admin'], to: 'approved' },
      { state: 'applied', action: 'reject', by: ['product', 'admin'], to: 'rejected', comment: true },
      { state: 'reviewing', action: 'reject', by: ['product', 'admin'], to: 'rejected', comment: true },
      { state: 'approved', action: 'issue', by: ['product', 'admin'], to: 'issued', effects: ['grant_role'] },
    ],
    reviews: [],
  },
};

/** Which reviewing groups each person can decide for (written out, not via canDecideFor). */
const decidesFor: Record<ActorName, readonly ReviewerGroup[]> = {
  plain: [],
  owner: [],
  holder: [],
  product: ['holder'],
  admin: ['holder'],
  legal: ['legal'],
  brand: ['brand'],
  cfl: ['cfl'],
  boss: ['boss'],
  designer: ['designer'],
  licensee: [],
  system: [],
};

/** What the expectation table says `transition()` answers; `comment` is whether one is given. */
function expectedTransition(subject: Subject, state: string, action: string, actor: ActorName, comment: boolean): string {
  const moves = expected[subject].moves.filter((m) => m.action === action);
  if (moves.length === 0) return 'unknown_action';
  const move = moves.find((m) => m.state === state);
  if (!move) return 'wrong_state';
  if (!move.by.includes(actor)) return 'not_allowed';
  if (move.comment && !comment) return 'comment_required';
  return `-> ${move.to}`;
}

function actualTransition(flow: FlowDef, state: string, action: string, facts: ActorFacts, comment?: string): string {
  try {
    return `-> ${transition(flow, state, action, facts, comment).to}`;
  } catch (error) {
    if (error instanceof FlowError) return error.reason;
    throw error;
  }
}

/** What the expectation table says a first decision (approval, nothing decided yet) answers. */
function expectedFirstDecision(subject: Subject, state: string, actor: ActorName): string {
  const review = expected[subject].reviews.find((r) => r.state === state);
  if (!review) return 'not_reviewing';
  const mine = review.groups.filter((g) => decidesFor[actor].includes(g));
  if (mine.length === 0) return 'not_a_reviewer';
  if (review.order === 'sequence' && !mine.includes(review.groups[0])) return 'out_of_turn';
  const group = review.order === 'sequence' ? review.groups[0] : mine[0];
  return `${group}: ${review.groups.length === 1 ? review.approved : 'null'}`;
}

function actualFirstDecision(flow: FlowDef, state: string, facts: ActorFacts): string {
  try {
    const { group, next } = decide(flow, state, [], 'approved', facts);
    return `${group}: ${next ?? 'null'}`;
  } catch (error) {
    if (error instanceof FlowError) return error.reason;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------

describe('default flows match DESIGN §6', () => {
  it('there is a flow for every subject', () => {
    expect(SUBJECTS.sort()).toEqual(['invoice', 'ip', 'license', 'liquid', 'primary_ip', 'product', 'sales', 'usage']);
  });

  it.each(SUBJECTS)('checkFlow(%s) finds no problem: every state known and reachable', (subject) => {
    expect(checkFlow(defaultFlows[subject])).toEqual([]);
  });

  it.each(SUBJECTS)('%s: subject, initial state, states and final states', (subject) => {
    const flow = defaultFlows[subject];
    expect(flow.subject).toBe(subject);
    expect(flow.initial).toBe(expected[subject].initial);
    expect([...flow.states].sort()).toEqual([...expected[subject].states].sort());
    expect([...flow.final].sort()).toEqual([...expected[subject].final].sort());
  });

  it.each(SUBJECTS)('%s: nothing moves on from a final state', (subject) => {
    const flow = defaultFlows[subject];
    for (const state of flow.final) {
      expect(availableActions(flow, state, person('everyone', everyFlag)).map((t) => t.action)).toEqual([]);
      expect(stageOf(flow, state)).toBeUndefined();
    }
  });

  it.each(SUBJECTS)('%s: review stages (groups, order, outcomes)', (subject) => {
    const actual = defaultFlows[subject].reviews.map((r) => ({
      state: r.state,
      groups: r.groups,
      order: r.order,
      approved: r.outcome.approved,
      rejected: r.outcome.rejected,
      changes: r.outcome.changes_requested,
    }));
    expect(actual).toEqual(expected[subject].reviews);
  });

  it.each(SUBJECTS)('%s: effects and comments of each transition', (subject) => {
    for (const move of expected[subject].moves) {
      const step = defaultFlows[subject].transitions.find((t) => t.action === move.action && t.from.includes(move.state));
      expect(step, `${move.action} from ${move.state}`).toBeDefined();
      expect(step!.needsComment ?? false).toBe(move.comment ?? false);
      expect(step!.effects ?? []).toEqual(move.effects ?? []);
    }
  });

  it.each(SUBJECTS)('%s: the flow has exactly the actions of the expectation', (subject) => {
    const actions = new Set(defaultFlows[subject].transitions.map((t) => t.action));
    expect([...actions].sort()).toEqual([...new Set(expected[subject].moves.map((m) => m.action))].sort());
  });
});

describe('checkFlow reports broken flows', () => {
  const base = defaultFlows.ip;

  it('an unknown initial state', () => {
    expect(checkFlow({ ...base, initial: 'limbo' })).toContain('initial state limbo is not a state');
  });

  it('a transition to or from an unknown state', () => {
    const flow: FlowDef = {
      ...base,
      transitions: [
        ...base.transitions,
        { action: 'jump', from: ['nowhere'], to: 'elsewhere', by: [{ kind: 'owner' }], notify: [] },
      ],
    };
    expect(checkFlow(flow)).toEqual(expect.arrayContaining(['jump: unknown state nowhere', 'jump: unknown state elsewhere']));
  });

  it('a transition nobody may take', () => {
    const flow: FlowDef = {
      ...base,
      transitions: [...base.transitions, { action: 'stall', from: ['draft'], to: 'draft', by: [], notify: [] }],
    };
    expect(checkFlow(flow)).toContain('stall: nobody may take it');
  });

  it('a review at an unknown state, with no groups, or with an unknown outcome', () => {
    const stage: ReviewStage = {
      state: 'limbo',
      groups: [],
      order: 'all',
      outcome: { approved: 'heaven', rejected: 'rejected', changes_requested: 'draft' },
    };
    expect(checkFlow({ ...base, reviews: [...base.reviews, stage] })).toEqual(
      expect.arrayContaining([
        'review at unknown state limbo',
        'review at limbo has no groups',
        'review at limbo: unknown outcome heaven',
      ]),
    );
  });

  it('a state nothing leads to', () => {
    expect(checkFlow({ ...base, states: [...base.states, 'orphan'] })).toEqual(['state orphan cannot be reached']);
  });

  it('states reached only through a review outcome count as reachable', () => {
    expect(checkFlow({ ...base, reviews: [] })).toEqual([
      'state approved cannot be reached',
      'state rejected cannot be reached',
      'state changes_requested cannot be reached',
    ]);
  });
});

describe('FlowError', () => {
  it('is an Error with a name, a reason and a readable message', () => {
    const error = flowError(() => transition(defaultFlows.ip, 'draft', MADE_UP_ACTION, people.owner));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('FlowError');
    expect(error.reason).toBe('unknown_action');
    expect(error.message).toContain(MADE_UP_ACTION);
  });

  it('wrong_state names the states the action is possible from', () => {
    const error = flowError(() => transition(defaultFlows.license, 'applied', 'terminate', people.admin, 'why'));
    expect(error.reason).toBe('wrong_state');
    expect(error.message).toContain('active, signed, contract_sent');
  });
});

describe('actorMatches', () => {
  const kinds: Actor[] = [
    { kind: 'owner' },
    { kind: 'holder' },
    { kind: 'product' },
    { kind: 'admin' },
    { kind: 'group', group: 'legal' },
    { kind: 'group', group: 'brand' },
    { kind: 'group', group: 'cfl' },
    { kind: 'group', group: 'boss' },
    { kind: 'designer' },
    { kind: 'licensee' },
    { kind: 'system' },
  ];

  it.each(kinds.map((actor) => [nameOf(actor), actor] as const))('%s matches only its own person', (name, actor) => {
    const matching = ACTOR_NAMES.filter((n) => actorMatches(actor, people[n]));
    expect(matching).toEqual([name]);
  });

  it('isSystem left out means not the system', () => {
    const { isSystem: _omitted, ...rest } = people.system;
    expect(actorMatches({ kind: 'system' }, rest)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Every transition of every default flow, derived from the definitions themselves.
// ---------------------------------------------------------------------------------------------

const everyTransition = SUBJECTS.flatMap((subject) =>
  defaultFlows[subject].transitions.map((t) => [subject, t.action, t.from.join('|'), t] as const),
);

describe.each(everyTransition)('%s: %s (from %s)', (subject, action, _from, t) => {
  const flow = defaultFlows[subject];
  const comment = t.needsComment ? 'because' : undefined;
  const otherStates = flow.states.filter(
    (s) => !flow.transitions.some((other) => other.action === action && other.from.includes(s)),
  );

  it('is allowed from each of its states for each actor in `by`', () => {
    for (const state of t.from) {
      for (const actor of t.by) {
        expect(transition(flow, state, action, factsFor(actor), comment), `${state} by ${nameOf(actor)}`).toBe(t);
      }
    }
  });

  it('is refused with wrong_state from every other state, whoever asks', () => {
    expect(otherStates.length + t.from.length).toBeLessThanOrEqual(flow.states.length);
    for (const state of otherStates) {
      for (const actor of t.by)
        expect(reasonOf(() => transition(flow, state, action, factsFor(actor), comment))).toBe('wrong_state');
      expect(reasonOf(() => transition(flow, state, action, nobody, comment))).toBe('wrong_state');
    }
  });

  it('is refused with not_allowed for a plain user and every actor not in `by`', () => {
    const outsiders = ACTOR_NAMES.filter((name) => !t.by.some((actor) => nameOf(actor) === name));
    expect(outsiders).toContain('plain');
    for (const state of t.from) {
      for (const name of outsiders) {
        expect(
          reasonOf(() => transition(flow, state, action, people[name], comment)),
          `${state} by ${name}`,
        ).toBe('not_allowed');
      }
    }
  });

  it(t.needsComment ? 'needs a comment: missing or blank is comment_required' : 'needs no comment', () => {
    for (const state of t.from) {
      for (const actor of t.by) {
        for (const blank of [undefined, '', ' ', '\n\t ']) {
          const answer = () => transition(flow, state, action, factsFor(actor), blank);
          if (t.needsComment) expect(reasonOf(answer)).toBe('comment_required');
          else expect(answer().to).toBe(t.to);
        }
      }
    }
  });

  it('the actor may take it whatever other flags they have', () => {
    for (const state of t.from) expect(transition(flow, state, action, person('everyone', everyFlag), comment)).toBe(t);
  });
});

describe.each(SUBJECTS)('%s: a made-up action', (subject) => {
  it.each([...defaultFlows[subject].states])('is unknown_action in %s', (state) => {
    const flow = defaultFlows[subject];
    for (const name of ACTOR_NAMES)
      expect(reasonOf(() => transition(flow, state, MADE_UP_ACTION, people[name], 'x'))).toBe('unknown_action');
    expect(reasonOf(() => transition(flow, state, '', people.admin))).toBe('unknown_action');
  });
});

// ---------------------------------------------------------------------------------------------
// The full matrix: (flow, state, action, actor) against the hand-written expectation.
// ---------------------------------------------------------------------------------------------

const matrix = SUBJECTS.flatMap((subject) => expected[subject].states.map((state) => [subject, state] as const));

describe.each(matrix)('matrix %s in %s', (subject, state) => {
  const flow = defaultFlows[subject];
  const actions = [...new Set(expected[subject].moves.map((m) => m.action)), MADE_UP_ACTION];

  it('transition() answers as expected for every action × actor, with and without a comment', () => {
    const actual: string[] = [];
    const wanted: string[] = [];
    for (const action of actions) {
      for (const actor of ACTOR_NAMES) {
        for (const comment of [true, false]) {
          const label = `${action} by ${actor}${comment ? ' with comment' : ''}: `;
          actual.push(label + actualTransition(flow, state, action, people[actor], comment ? 'a reason' : undefined));
          wanted.push(label + expectedTransition(subject, state, action, actor, comment));
        }
      }
    }
    expect(actual).toEqual(wanted);
  });

  it('availableActions() lists exactly the actions each actor may take', () => {
    for (const actor of ACTOR_NAMES) {
      const got = availableActions(flow, state, people[actor]).map((t) => t.action);
      const want = expected[subject].moves.filter((m) => m.state === state && m.by.includes(actor)).map((m) => m.action);
      expect(got.sort(), actor).toEqual(want.sort());
    }
  });

  it('a first approval by each actor is answered as expected', () => {
    const actual = ACTOR_NAMES.map((actor) => `${actor}: ${actualFirstDecision(flow, state, people[actor])}`);
    const wanted = ACTOR_NAMES.map((actor) => `${actor}: ${expectedFirstDecision(subject, state, actor)}`);
    expect(actual).toEqual(wanted);
  });
});

describe('availableActions examples', () => {
  it('the owner of a draft secondary IP may only submit', () => {
    expect(availableActions(defaultFlows.ip, 'draft', people.owner).map((t) => t.action)).toEqual(['submit']);
  });

  it('the owner may revise or resubmit after changes were requested', () => {
    expect(availableActions(defaultFlows.ip, 'changes_requested', people.owner).map((t) => t.action)).toEqual([
      'revise',
      'resubmit',
    ]);
  });

  it('a reviewer has no transition while a secondary IP is submitted (they decide instead)', () => {
    for (const name of ACTOR_NAMES) expect(availableActions(defaultFlows.ip, 'submitted', people[name])).toEqual([]);
  });

  it('an active license: admin may expire or terminate, legal may terminate, system may expire', () => {
    const actions = (name: ActorName) => availableActions(defaultFlows.license, 'active', people[name]).map((t) => t.action);
    expect(actions('admin')).toEqual(['expire', 'terminate']);
    expect(actions('legal')).toEqual(['terminate']);
    expect(actions('system')).toEqual(['expire']);
    expect(actions('holder')).toEqual([]);
    expect(actions('licensee')).toEqual([]);
  });

  it('a liquid application just applied: product or admin may review or reject', () => {
    for (const name of ['product', 'admin'] as const) {
      expect(availableActions(defaultFlows.liquid, 'applied', people[name]).map((t) => t.action)).toEqual(['review', 'reject']);
    }
  });

  it('someone with every role sees every action from the state', () => {
    const all = person('everyone', everyFlag);
    expect(availableActions(defaultFlows.license, 'signed', all).map((t) => t.action)).toEqual(['countersign', 'terminate']);
  });

  it('an unknown state offers nothing', () => {
    expect(availableActions(defaultFlows.ip, 'limbo', person('everyone', everyFlag))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Review stages.
// ---------------------------------------------------------------------------------------------

describe('canDecideFor', () => {
  const groups: ReviewerGroup[] = ['legal', 'brand', 'cfl', 'boss', 'designer', 'holder'];

  it.each(groups)('%s: exactly the expected people', (group) => {
    expect(ACTOR_NAMES.filter((name) => canDecideFor(group, people[name]))).toEqual(
      ACTOR_NAMES.filter((name) => decidesFor[name].includes(group)),
    );
  });
});

describe('pendingGroups and groupsDue', () => {
  const all: ReviewStage = {
    state: 's',
    groups: ['legal', 'cfl', 'boss'],
    order: 'all',
    outcome: { approved: 'a', rejected: 'r', changes_requested: 'c' },
  };
  const seq: ReviewStage = { ...all, order: 'sequence' };

  it('nothing decided: every group pending; all are due, or only the first of a sequence', () => {
    expect(pendingGroups(all, [])).toEqual(['legal', 'cfl', 'boss']);
    expect(groupsDue(all, [])).toEqual(['legal', 'cfl', 'boss']);
    expect(pendingGroups(seq, [])).toEqual(['legal', 'cfl', 'boss']);
    expect(groupsDue(seq, [])).toEqual(['legal']);
  });

  it('decided groups drop out, keeping the stage order', () => {
    expect(pendingGroups(all, [decided('cfl')])).toEqual(['legal', 'boss']);
    expect(groupsDue(all, [decided('cfl')])).toEqual(['legal', 'boss']);
    expect(groupsDue(seq, [decided('legal')])).toEqual(['cfl']);
    expect(groupsDue(seq, [decided('legal'), decided('cfl')])).toEqual(['boss']);
  });

  it('decisions of groups outside the stage do not count', () => {
    expect(pendingGroups(all, [decided('brand'), decided('designer')])).toEqual(['legal', 'cfl', 'boss']);
  });

  it('everything decided: nothing pending or due', () => {
    const done = [decided('legal'), decided('cfl'), decided('boss')];
    expect(pendingGroups(all, done)).toEqual([]);
    expect(groupsDue(all, done)).toEqual([]);
    expect(groupsDue(seq, done)).toEqual([]);
  });
});

describe('secondary IP review (submitted: brand AND legal)', () => {
  const flow = defaultFlows.ip;
  const both = person('both', { groups: ['legal', 'brand'] });

  it('brand approving alone is not enough; legal approving then approves', () => {
    expect(decide(flow, 'submitted', [], 'approved', people.brand)).toEqual({ group: 'brand', next: null });
    expect(decide(flow, 'submitted', [decided('brand')], 'approved', people.legal)).toEqual({ group: 'legal', next: 'approved' });
  });

  it('the order of the two does not matter', () => {
    expect(
      play(flow, 'submitted', [
        [people.brand, 'approved'],
        [people.legal, 'approved'],
      ]),
    ).toEqual([null, 'approved']);
    expect(
      play(flow, 'submitted', [
        [people.legal, 'approved'],
        [people.brand, 'approved'],
      ]),
    ).toEqual([null, 'approved']);
  });

  it('approved_with_conditions counts as approval, with a comment', () => {
    expect(
      play(flow, 'submitted', [
        [people.brand, 'approved_with_conditions', 'logo smaller'],
        [people.legal, 'approved'],
      ]),
    ).toEqual([null, 'approved']);
    expect(
      play(flow, 'submitted', [
        [people.legal, 'approved'],
        [people.brand, 'approved_with_conditions', 'ok if'],
      ]),
    ).toEqual([null, 'approved']);
  });

  it.each(['brand', 'legal'] as const)('the same group cannot decide twice (%s)', (group) => {
    for (const decision of ['approved', 'approved_with_conditions', 'rejected', 'changes_requested'] as const) {
      expect(reasonOf(() => decide(flow, 'submitted', [decided(group)], decision, people[group], 'again'))).toBe(
        'already_decided',
      );
    }
  });

  it('another member of a group that has decided cannot decide for it again', () => {
    const otherBrand = person('brand-2', { groups: ['brand'] });
    expect(reasonOf(() => decide(flow, 'submitted', [decided('brand')], 'approved', otherBrand))).toBe('already_decided');
  });

  it('a reviewer in both groups decides for one group at a time', () => {
    expect(decide(flow, 'submitted', [], 'approved', both)).toEqual({ group: 'brand', next: null });
    expect(decide(flow, 'submitted', [decided('brand')], 'approved', both)).toEqual({ group: 'legal', next: 'approved' });
    expect(decide(flow, 'submitted', [decided('legal')], 'approved', both)).toEqual({ group: 'brand', next: 'approved' });
    expect(reasonOf(() => decide(flow, 'submitted', [decided('brand'), decided('legal')], 'approved', both))).toBe(
      'already_decided',
    );
    expect(
      play(flow, 'submitted', [
        [both, 'approved'],
        [both, 'approved'],
      ]),
    ).toEqual([null, 'approved']);
  });

  it.each(['brand', 'legal'] as const)('a rejection by %s rejects at once', (group) => {
    expect(decide(flow, 'submitted', [], 'rejected', people[group], 'no')).toEqual({ group, next: 'rejected' });
  });

  it('a rejection after the other group approved still rejects', () => {
    expect(
      play(flow, 'submitted', [
        [people.brand, 'approved'],
        [people.legal, 'rejected', 'trademark clash'],
      ]),
    ).toEqual([null, 'rejected']);
    expect(
      play(flow, 'submitted', [
        [people.legal, 'approved'],
        [people.brand, 'rejected', 'off brand'],
      ]),
    ).toEqual([null, 'rejected']);
  });

  it.each(['brand', 'legal'] as const)('changes requested by %s → changes_requested', (group) => {
    expect(decide(flow, 'submitted', [], 'changes_requested', people[group], 'fix colours').next).toBe('changes_requested');
    const other = group === 'brand' ? 'legal' : 'brand';
    expect(decide(flow, 'submitted', [decided(other)], 'changes_requested', people[group], 'fix').next).toBe('changes_requested');
  });

  it.each(['rejected', 'changes_requested', 'approved_with_conditions'] as const)('%s needs a comment', (decision) => {
    for (const blank of [undefined, '', '   ', '\n']) {
      expect(reasonOf(() => decide(flow, 'submitted', [], decision, people.brand, blank))).toBe('comment_required');
    }
  });

  it('a plain approval needs no comment', () => {
    expect(decide(flow, 'submitted', [], 'approved', people.legal).next).toBeNull();
  });

  it.each(ACTOR_NAMES.filter((n) => n !== 'brand' && n !== 'legal'))('%s is not_a_reviewer', (name) => {
    expect(reasonOf(() => decide(flow, 'submitted', [], 'approved', people[name]))).toBe('not_a_reviewer');
    expect(reasonOf(() => decide(flow, 'submitted', [], 'rejected', people[name]))).toBe('not_a_reviewer');
  });

  it.each(['draft', 'approved', 'rejected', 'changes_requested'])('deciding in %s is not_reviewing', (state) => {
    expect(reasonOf(() => decide(flow, state, [], 'approved', people.brand))).toBe('not_reviewing');
    expect(reasonOf(() => decide(flow, state, [], 'approved', both))).toBe('not_reviewing');
  });

  it('the owner submits, resubmits and revises around the review', () => {
    expect(transition(flow, 'draft', 'submit', people.owner).to).toBe('submitted');
    expect(play(flow, 'submitted', [[people.legal, 'changes_requested', 'fix']])).toEqual(['changes_requested']);
    expect(transition(flow, 'changes_requested', 'resubmit', people.owner).to).toBe('submitted');
    expect(transition(flow, 'changes_requested', 'revise', people.owner).to).toBe('draft');
  });
});

describe('license review (in_review: legal, cfl, boss)', () => {
  const flow = defaultFlows.license;
  const orders: (readonly HolderGroup[])[] = [
    ['legal', 'cfl', 'boss'],
    ['legal', 'boss', 'cfl'],
    ['cfl', 'legal', 'boss'],
    ['cfl', 'boss', 'legal'],
    ['boss', 'legal', 'cfl'],
    ['boss', 'cfl', 'legal'],
  ];

  it.each(orders)('all three required, in any order (%s, %s, %s)', (...order) => {
    expect(
      play(
        flow,
        'in_review',
        order.map((g) => [people[g], 'approved'] as const),
      ),
    ).toEqual([null, null, 'approved']);
  });

  it('approval with conditions counts', () => {
    const steps: Step[] = [
      [people.legal, 'approved_with_conditions', 'territory JP only'],
      [people.cfl, 'approved'],
      [people.boss, 'approved_with_conditions', 'rate 8%'],
    ];
    expect(play(flow, 'in_review', steps)).toEqual([null, null, 'approved']);
  });

  it.each(['legal', 'cfl', 'boss'] as const)('a rejection by %s rejects at once, before or after approvals', (group) => {
    expect(decide(flow, 'in_review', [], 'rejected', people[group], 'no').next).toBe('rejected');
    const others = (['legal', 'cfl', 'boss'] as const).filter((g) => g !== group).map((g) => decided(g));
    expect(decide(flow, 'in_review', others, 'rejected', people[group], 'no').next).toBe('rejected');
  });

  it.each(['legal', 'cfl', 'boss'] as const)('changes requested by %s send it back to the applicant', (group) => {
    const othersApproved = (['legal', 'cfl', 'boss'] as const).filter((g) => g !== group).map((g) => decided(g));
    expect(decide(flow, 'in_review', [], 'changes_requested', people[group], 'lower the rate').next).toBe('changes_requested');
    expect(decide(flow, 'in_review', othersApproved, 'changes_requested', people[group], 'lower the rate').next).toBe(
      'changes_requested',
    );
  });

  it('brand, designer and holder staff are not reviewers of a license', () => {
    for (const name of ['brand', 'designer', 'holder', 'admin', 'product', 'licensee', 'owner', 'plain'] as const) {
      expect(
        reasonOf(() => decide(flow, 'in_review', [], 'approved', people[name])),
        name,
      ).toBe('not_a_reviewer');
    }
  });

  it('the whole path: applied → in_review → approved → contract_sent → signed → active → expired', () => {
    let state = flow.initial;
    state = transition(flow, state, 'start_review', people.system).to;
    expect(state).toBe('in_review');
    const last = play(flow, state, [
      [people.boss, 'approved'],
      [people.legal, 'approved'],
      [people.cfl, 'approved'],
    ]).at(-1);
    state = last!;
    expect(state).toBe('approved');
    const send = transition(flow, state, 'send_contract', people.holder);
    expect(send.effects).toEqual(['generate_contract']);
    state = transition(flow, send.to, 'sign', people.licensee).to;
    const countersign = transition(flow, state, 'countersign', people.holder);
    expect(countersign.effects).toEqual(['issue_credential']);
    const expire = transition(flow, countersign.to, 'expire', people.system);
    expect(expire).toMatchObject({ to: 'expired', effects: ['revoke_credential'] });
  });

  it('terminate needs a comment and is for admin or legal, from contract_sent, signed or active', () => {
    for (const state of ['contract_sent', 'signed', 'active']) {
      expect(transition(flow, state, 'terminate', people.legal, 'breach').to).toBe('terminated');
      expect(reasonOf(() => transition(flow, state, 'terminate', people.admin, ' '))).toBe('comment_required');
      expect(reasonOf(() => transition(flow, state, 'terminate', people.holder, 'breach'))).toBe('not_allowed');
    }
    expect(reasonOf(() => transition(flow, 'approved', 'terminate', people.legal, 'breach'))).toBe('wrong_state');
  });
});

describe('product review (designer, then brand)', () => {
  const flow = defaultFlows.product;

  it('the licensee submits a draft straight into designer review', () => {
    expect(transition(flow, 'draft', 'submit', people.licensee).to).toBe('designer_review');
  });

  it("designer_review is decided only by the IP's designer → holder_review", () => {
    expect(decide(flow, 'designer_review', [], 'approved', people.designer)).toEqual({
      group: 'designer',
      next: 'holder_review',
    });
    for (const name of ACTOR_NAMES.filter((n) => n !== 'designer')) {
      expect(
        reasonOf(() => decide(flow, 'designer_review', [], 'approved', people[name])),
        name,
      ).toBe('not_a_reviewer');
    }
  });

  it('a designer of another IP (isDesignerOfSubject false) cannot decide', () => {
    const otherDesigner = person('designer-of-other-ip', { isDesignerOfSubject: false, isLicenseeOfSubject: false });
    expect(reasonOf(() => decide(flow, 'designer_review', [], 'approved', otherDesigner))).toBe('not_a_reviewer');
  });

  it('holder_review is decided by brand → approved', () => {
    expect(decide(flow, 'holder_review', [], 'approved', people.brand)).toEqual({ group: 'brand', next: 'approved' });
    expect(decide(flow, 'holder_review', [], 'approved_with_conditions', people.brand, 'no red')).toEqual({
      group: 'brand',
      next: 'approved',
    });
    for (const name of ACTOR_NAMES.filter((n) => n !== 'brand')) {
      expect(
        reasonOf(() => decide(flow, 'holder_review', [], 'approved', people[name])),
        name,
      ).toBe('not_a_reviewer');
    }
  });

  it.each(['designer_review', 'holder_review'] as const)('rejection and changes at %s', (stage) => {
    const reviewer = stage === 'designer_review' ? people.designer : people.brand;
    expect(decide(flow, stage, [], 'rejected', reviewer, 'no').next).toBe('rejected');
    expect(decide(flow, stage, [], 'changes_requested', reviewer, 'bigger').next).toBe('changes_requested');
    expect(reasonOf(() => decide(flow, stage, [], 'rejected', reviewer))).toBe('comment_required');
    expect(reasonOf(() => decide(flow, stage, [], 'changes_requested', reviewer, ''))).toBe('comment_required');
  });

  it('a designer decision on record does not count for holder_review', () => {
    expect(decide(flow, 'holder_review', [decided('designer')], 'approved', people.brand).next).toBe('approved');
  });

  it('after changes the licensee resubmits (back to the designer) or revises', () => {
    expect(transition(flow, 'changes_requested', 'resubmit', people.licensee).to).toBe('designer_review');
    expect(transition(flow, 'changes_requested', 'revise', people.licensee).to).toBe('draft');
  });

  it.each(['draft', 'approved', 'rejected', 'changes_requested'])('deciding in %s is not_reviewing', (state) => {
    expect(reasonOf(() => decide(flow, state, [], 'approved', people.designer))).toBe('not_reviewing');
    expect(reasonOf(() => decide(flow, state, [], 'approved', people.brand))).toBe('not_reviewing');
  });
});

describe('invoice review (cfl, then boss, in sequence)', () => {
  const flow = defaultFlows.invoice;
  const stage = stageOf(flow, 'submitted')!;

  it('groupsDue shows only the group whose turn it is', () => {
    expect(groupsDue(stage, [])).toEqual(['cfl']);
    expect(pendingGroups(stage, [])).toEqual(['cfl', 'boss']);
    expect(groupsDue(stage, [decided('cfl')])).toEqual(['boss']);
    expect(groupsDue(stage, [decided('cfl'), decided('boss')])).toEqual([]);
  });

  it('boss deciding first is out_of_turn, whatever the decision', () => {
    for (const decision of ['approved', 'approved_with_conditions', 'rejected', 'changes_requested'] as const) {
      expect(reasonOf(() => decide(flow, 'submitted', [], decision, people.boss, 'x'))).toBe('out_of_turn');
    }
  });

  it('cfl approves, then boss approves → approved', () => {
    expect(decide(flow, 'submitted', [], 'approved', people.cfl)).toEqual({ group: 'cfl', next: null });
    expect(decide(flow, 'submitted', [decided('cfl')], 'approved', people.boss)).toEqual({ group: 'boss', next: 'approved' });
    expect(
      play(flow, 'submitted', [
        [people.cfl, 'approved'],
        [people.boss, 'approved'],
      ]),
    ).toEqual([null, 'approved']);
  });

  it('cfl cannot decide again while it is the boss turn', () => {
    expect(reasonOf(() => decide(flow, 'submitted', [decided('cfl')], 'approved', people.cfl))).toBe('already_decided');
  });

  it('rejection by either rejects; changes requested go back to draft', () => {
    expect(decide(flow, 'submitted', [], 'rejected', people.cfl, 'wrong sum').next).toBe('rejected');
    expect(decide(flow, 'submitted', [decided('cfl')], 'rejected', people.boss, 'no').next).toBe('rejected');
    expect(decide(flow, 'submitted', [], 'changes_requested', people.cfl, 'fix').next).toBe('draft');
    expect(decide(flow, 'submitted', [decided('cfl')], 'changes_requested', people.boss, 'fix').next).toBe('draft');
  });

  it('someone in both cfl and boss decides for cfl first, then for boss', () => {
    const both = person('cfo-and-boss', { groups: ['boss', 'cfl'] });
    expect(decide(flow, 'submitted', [], 'approved', both)).toEqual({ group: 'cfl', next: null });
    expect(
      play(flow, 'submitted', [
        [both, 'approved'],
        [both, 'approved'],
      ]),
    ).toEqual([null, 'approved']);
  });

  it('after approval, cfl or admin marks it paid', () => {
    expect(transition(flow, 'approved', 'mark_paid', people.cfl).to).toBe('paid');
    expect(transition(flow, 'approved', 'mark_paid', people.admin).to).toBe('paid');
    expect(reasonOf(() => transition(flow, 'approved', 'mark_paid', people.boss))).toBe('not_allowed');
    expect(reasonOf(() => transition(flow, 'submitted', 'mark_paid', people.cfl))).toBe('wrong_state');
  });
});

describe('usage permit (brand)', () => {
  const flow = defaultFlows.usage;

  it('brand approves → approved', () => {
    expect(decide(flow, 'requested', [], 'approved', people.brand)).toEqual({ group: 'brand', next: 'approved' });
  });

  it('brand rejecting → rejected; requesting changes → changes_requested, which only the applicant resubmits', () => {
    expect(decide(flow, 'requested', [], 'rejected', people.brand, 'no').next).toBe('rejected');
    expect(decide(flow, 'requested', [], 'changes_requested', people.brand, 'no').next).toBe('changes_requested');
    expect(transition(flow, 'changes_requested', 'resubmit', people.owner).to).toBe('requested');
    for (const name of ['brand', 'admin', 'product', 'holder', 'legal', 'plain'] as const)
      expect(
        reasonOf(() => transition(flow, 'changes_requested', 'resubmit', people[name])),
        name,
      ).toBe('not_allowed');
    for (const state of ['requested', 'approved', 'rejected', 'revoked'])
      expect(
        reasonOf(() => transition(flow, state, 'resubmit', people.owner)),
        state,
      ).toBe('wrong_state');
  });

  it('only brand reviews', () => {
    for (const name of ACTOR_NAMES.filter((n) => n !== 'brand')) {
      expect(
        reasonOf(() => decide(flow, 'requested', [], 'approved', people[name])),
        name,
      ).toBe('not_a_reviewer');
    }
  });

  it('revoke needs a comment and is for brand or admin only', () => {
    expect(transition(flow, 'approved', 'revoke', people.brand, 'misuse').to).toBe('revoked');
    expect(transition(flow, 'approved', 'revoke', people.admin, 'misuse').to).toBe('revoked');
    expect(reasonOf(() => transition(flow, 'approved', 'revoke', people.brand))).toBe('comment_required');
    expect(reasonOf(() => transition(flow, 'approved', 'revoke', people.admin, '  '))).toBe('comment_required');
    for (const name of ['owner', 'product', 'holder', 'legal', 'plain'] as const) {
      expect(
        reasonOf(() => transition(flow, 'approved', 'revoke', people[name], 'misuse')),
        name,
      ).toBe('not_allowed');
    }
    expect(reasonOf(() => transition(flow, 'requested', 'revoke', people.brand, 'misuse'))).toBe('wrong_state');
  });
});

describe('sales report (cfl)', () => {
  const flow = defaultFlows.sales;

  it('cfl approves, then it can be invoiced', () => {
    expect(decide(flow, 'submitted', [], 'approved', people.cfl).next).toBe('approved');
    for (const name of ['licensee', 'holder', 'system'] as const)
      expect(transition(flow, 'approved', 'invoice', people[name]).to).toBe('invoiced');
  });

  it('cfl rejecting or requesting changes → rejected', () => {
    expect(decide(flow, 'submitted', [], 'rejected', people.cfl, 'no').next).toBe('rejected');
    expect(decide(flow, 'submitted', [], 'changes_requested', people.cfl, 'no').next).toBe('rejected');
  });
});

describe('liquid application (product role or admin)', () => {
  const flow = defaultFlows.liquid;

  it.each(['product', 'admin'] as const)('applied → reviewing → approved → issued (grant_role), by %s', (name) => {
    const who = people[name];
    const review = transition(flow, 'applied', 'review', who);
    const approve = transition(flow, review.to, 'approve', who);
    const issue = transition(flow, approve.to, 'issue', who);
    expect([review.to, approve.to, issue.to]).toEqual(['reviewing', 'approved', 'issued']);
    expect(issue.effects).toEqual(['grant_role']);
    expect(review.effects).toBeUndefined();
  });

  it.each(['applied', 'reviewing'])('reject from %s needs a comment', (state) => {
    expect(transition(flow, state, 'reject', people.admin, 'not eligible').to).toBe('rejected');
    expect(reasonOf(() => transition(flow, state, 'reject', people.product))).toBe('comment_required');
    expect(reasonOf(() => transition(flow, state, 'reject', people.product, ''))).toBe('comment_required');
  });

  it('reject is too late once approved; issue is too early while reviewing', () => {
    expect(reasonOf(() => transition(flow, 'approved', 'reject', people.admin, 'x'))).toBe('wrong_state');
    expect(reasonOf(() => transition(flow, 'reviewing', 'issue', people.admin))).toBe('wrong_state');
  });

  it('the applicant (owner) cannot move their own application', () => {
    for (const action of ['review', 'reject']) {
      expect(reasonOf(() => transition(flow, 'applied', action, people.owner, 'x'))).toBe('not_allowed');
    }
  });

  it('has no review stage: decide is not_reviewing', () => {
    for (const state of flow.states)
      expect(reasonOf(() => decide(flow, state, [], 'approved', people.admin))).toBe('not_reviewing');
  });
});

describe('primary IP (product role or admin)', () => {
  const flow = defaultFlows.primary_ip;

  it('publish, then retire with a comment', () => {
    expect(transition(flow, 'draft', 'publish', people.product).to).toBe('published');
    expect(transition(flow, 'published', 'retire', people.admin, 'end of line').to).toBe('retired');
    expect(reasonOf(() => transition(flow, 'published', 'retire', people.admin))).toBe('comment_required');
    expect(reasonOf(() => transition(flow, 'draft', 'publish', people.holder))).toBe('not_allowed');
  });
});

// ---------------------------------------------------------------------------------------------
// Holder overrides (Holder.config `flow.<subject>`).
// ---------------------------------------------------------------------------------------------

describe('flowFor and overrides', () => {
  const override = (value: unknown) => ({ 'flow.ip': typeof value === 'string' ? value : JSON.stringify(value) });

  it.each(SUBJECTS)('without config, flowFor(%s) is the default flow', (subject) => {
    expect(flowFor(subject)).toBe(defaultFlows[subject]);
    expect(flowFor(subject, {})).toBe(defaultFlows[subject]);
    expect(flowFor(subject, { [`flow.${subject}`]: '' })).toBe(defaultFlows[subject]);
  });

  it('reviews:{submitted:{groups:[brand]}} makes brand alone sufficient', () => {
    const flow = flowFor('ip', override({ reviews: { submitted: { groups: ['brand'] } } }));
    expect(checkFlow(flow)).toEqual([]);
    expect(stageOf(flow, 'submitted')).toMatchObject({ groups: ['brand'], order: 'all' });
    expect(decide(flow, 'submitted', [], 'approved', people.brand)).toEqual({ group: 'brand', next: 'approved' });
    expect(reasonOf(() => decide(flow, 'submitted', [], 'approved', people.legal))).toBe('not_a_reviewer');
  });

  it('keeps transitions, states and outcomes of the default', () => {
    const flow = flowFor('ip', override({ reviews: { submitted: { groups: ['brand'] } } }));
    expect(flow.transitions).toBe(defaultFlows.ip.transitions);
    expect(flow.states).toBe(defaultFlows.ip.states);
    expect(stageOf(flow, 'submitted')!.outcome).toEqual(stageOf(defaultFlows.ip, 'submitted')!.outcome);
  });

  it('does not change the default flow', () => {
    flowFor('ip', override({ reviews: { submitted: { groups: ['cfl'], order: 'sequence' } } }));
    expect(stageOf(defaultFlows.ip, 'submitted')).toMatchObject({ groups: ['brand', 'legal'], order: 'all' });
  });

  it("an override for another subject's key does not apply", () => {
    expect(flowFor('ip', { 'flow.license': JSON.stringify({ reviews: { submitted: { groups: ['brand'] } } }) })).toBe(
      defaultFlows.ip,
    );
  });

  it.each([
    ['an unknown group', { reviews: { submitted: { groups: ['marketing'] } } }],
    ['an unknown group among known ones', { reviews: { submitted: { groups: ['brand', 'marketing'] } } }],
    ['no groups', { reviews: { submitted: { groups: [] } } }],
    [
      'more than six groups',
      { reviews: { submitted: { groups: ['brand', 'legal', 'cfl', 'boss', 'designer', 'holder', 'brand'] } } },
    ],
    ['an unknown order', { reviews: { submitted: { groups: ['brand'], order: 'random' } } }],
    ['an extra top-level key', { reviews: { submitted: { groups: ['brand'] } }, transitions: [] }],
    ['an extra key in a stage', { reviews: { submitted: { groups: ['brand'], outcome: { approved: 'draft' } } } }],
    ['a stage without groups', { reviews: { submitted: { order: 'sequence' } } }],
    ['groups not an array', { reviews: { submitted: { groups: 'brand' } } }],
    ['no reviews', {}],
    ['reviews not an object', { reviews: ['brand'] }],
  ])('an override with %s is ignored', (_why, value) => {
    expect(flowFor('ip', override(value))).toBe(defaultFlows.ip);
  });

  it.each(['{reviews:', '{"reviews":{"submitted":{"groups":["brand"]}}', 'not json', 'null', '[]', '"brand"', '42', 'true'])(
    'malformed or non-object JSON %j is ignored',
    (text) => {
      expect(flowFor('ip', override(text))).toBe(defaultFlows.ip);
      expect(parseOverride(text)).toBeNull();
    },
  );

  it('an override of a state that is not a review stage changes nothing', () => {
    const flow = flowFor('ip', override({ reviews: { draft: { groups: ['brand'] } } }));
    expect(flow).toEqual(defaultFlows.ip);
    expect(stageOf(flow, 'draft')).toBeUndefined();
  });

  it("order 'sequence' is honoured", () => {
    const flow = flowFor('ip', override({ reviews: { submitted: { groups: ['legal', 'brand'], order: 'sequence' } } }));
    const stage = stageOf(flow, 'submitted')!;
    expect(stage).toMatchObject({ groups: ['legal', 'brand'], order: 'sequence' });
    expect(groupsDue(stage, [])).toEqual(['legal']);
    expect(reasonOf(() => decide(flow, 'submitted', [], 'approved', people.brand))).toBe('out_of_turn');
    expect(
      play(flow, 'submitted', [
        [people.legal, 'approved'],
        [people.brand, 'approved'],
      ]),
    ).toEqual([null, 'approved']);
  });

  it("order 'all' can loosen a default sequence (invoice)", () => {
    const flow = flowFor('invoice', {
      'flow.invoice': JSON.stringify({ reviews: { submitted: { groups: ['cfl', 'boss'], order: 'all' } } }),
    });
    expect(
      play(flow, 'submitted', [
        [people.boss, 'approved'],
        [people.cfl, 'approved'],
      ]),
    ).toEqual([null, 'approved']);
  });

  it('an override without order keeps the default order', () => {
    const flow = flowFor('invoice', { 'flow.invoice': JSON.stringify({ reviews: { submitted: { groups: ['boss', 'cfl'] } } }) });
    expect(stageOf(flow, 'submitted')).toMatchObject({ groups: ['boss', 'cfl'], order: 'sequence' });
    expect(reasonOf(() => decide(flow, 'submitted', [], 'approved', people.cfl))).toBe('out_of_turn');
  });

  it("the 'holder' group lets holder staff (product role or admin) review", () => {
    const flow = flowFor('ip', override({ reviews: { submitted: { groups: ['holder'] } } }));
    expect(decide(flow, 'submitted', [], 'approved', people.admin)).toEqual({ group: 'holder', next: 'approved' });
    expect(decide(flow, 'submitted', [], 'approved', people.product)).toEqual({ group: 'holder', next: 'approved' });
    expect(reasonOf(() => decide(flow, 'submitted', [], 'approved', people.holder))).toBe('not_a_reviewer');
  });

  it('license reviews can be narrowed to legal alone', () => {
    const flow = flowFor('license', { 'flow.license': JSON.stringify({ reviews: { in_review: { groups: ['legal'] } } }) });
    expect(decide(flow, 'in_review', [], 'approved', people.legal).next).toBe('approved');
  });

  it('product stages can be overridden one at a time', () => {
    const flow = flowFor('product', {
      'flow.product': JSON.stringify({ reviews: { holder_review: { groups: ['brand', 'legal'] } } }),
    });
    expect(flow).not.toBe(defaultFlows.product);
    expect(stageOf(flow, 'designer_review')).toBe(stageOf(defaultFlows.product, 'designer_review'));
    expect(
      play(flow, 'holder_review', [
        [people.brand, 'approved'],
        [people.legal, 'approved'],
      ]),
    ).toEqual([null, 'approved']);
  });

  it('parseOverride answers the parsed override for valid text', () => {
    expect(parseOverride(JSON.stringify({ reviews: { submitted: { groups: ['brand'], order: 'all' } } }))).toEqual({
      reviews: { submitted: { groups: ['brand'], order: 'all' } },
    });
    expect(parseOverride(undefined)).toBeNull();
  });
});

describe('a step refused by a state hook', () => {
  it("answers 409 status 5 in the caller's language, under the state field", async () => {
    const { StepRefused, toAppError } = await import('@/lib/server/flow/errors');
    const { AppError } = await import('@/lib/server/api/errors');
    const refusal = new StepRefused({ jp: '電子署名が必要です。', en: 'An e-signature is needed.' });
    for (const [lang, text] of [
      ['jp', '電子署名が必要です。'],
      ['en', 'An e-signature is needed.'],
    ] as const) {
      const err = toAppError(refusal, lang);
      expect(err).toBeInstanceOf(AppError);
      expect((err as InstanceType<typeof AppError>).httpStatus).toBe(409);
      expect((err as InstanceType<typeof AppError>).message).toBe(text);
    }
  });
});
