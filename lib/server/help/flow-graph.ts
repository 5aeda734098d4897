import type { FlowDef, Subject } from '../flow/types';

export interface FlowNode {
  /** The state name. */
  id: string;
  initial: boolean;
  final: boolean;
}

/** A move between two states: a step someone takes, or the outcome of a review stage. */
export interface FlowEdge {
  from: string;
  to: string;
  kind: 'step' | 'review';
  /** The step's action (step), or the decisions that lead there (review). */
  actions: string[];
  /** Review groups deciding at the source state (review edges only). */
  groups: string[];
}

export interface FlowGraph {
  subject: Subject;
  nodes: FlowNode[];
  edges: FlowEdge[];
}

const DECISIONS = ['approved', 'rejected', 'changes_requested'] as const;

/**
 * The graph of a flow definition, so help pages draw what the engine runs: one node per state,
 * one edge per (step, source state) and one per review outcome target (decisions that lead to
 * the same state share an edge).
 */
export function flowGraph(flow: FlowDef): FlowGraph {
  const nodes = flow.states.map((id) => ({ id, initial: id === flow.initial, final: flow.final.includes(id) }));
  const edges: FlowEdge[] = [];
  for (const step of flow.transitions) {
    for (const from of step.from) edges.push({ from, to: step.to, kind: 'step', actions: [step.action], groups: [] });
  }
  for (const stage of flow.reviews) {
    for (const decision of DECISIONS) {
      const to = stage.outcome[decision];
      const same = edges.find((e) => e.kind === 'review' && e.from === stage.state && e.to === to);
      if (same) same.actions.push(decision);
      else edges.push({ from: stage.state, to, kind: 'review', actions: [decision], groups: [...stage.groups] });
    }
  }
  return { subject: flow.subject, nodes, edges };
}
