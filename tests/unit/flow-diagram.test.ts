import { describe, expect, it } from 'vitest';
import { defaultFlows } from '@/lib/server/flow/definitions';
import type { Subject } from '@/lib/server/flow/types';
import { flowGraph } from '@/lib/server/help/flow-graph';
import { layoutFlow, textWidth } from '@/lib/server/help/flow-layout';
import { HELP_FLOW_ORDER, helpFlows } from '@/lib/server/help/help-props';

const subjects = Object.keys(defaultFlows) as Subject[];

describe('flow diagrams drawn from the flow definitions', () => {
  it('explains every flow the engine runs, once', () => {
    expect([...HELP_FLOW_ORDER].sort()).toEqual([...subjects].sort());
  });

  it.each(subjects)('%s: every state is a node, every step and review outcome an edge', (subject) => {
    const flow = defaultFlows[subject];
    const graph = flowGraph(flow);
    expect(graph.nodes.map((n) => n.id)).toEqual([...flow.states]);
    expect(graph.nodes.filter((n) => n.initial).map((n) => n.id)).toEqual([flow.initial]);
    expect(graph.nodes.filter((n) => n.final).map((n) => n.id)).toEqual(flow.states.filter((s) => flow.final.includes(s)));
    for (const step of flow.transitions) {
      for (const from of step.from) {
        expect(graph.edges, `${step.action} from ${from}`).toContainEqual(
          expect.objectContaining({ from, to: step.to, kind: 'step', actions: [step.action] }),
        );
      }
    }
    for (const stage of flow.reviews) {
      for (const [decision, to] of Object.entries(stage.outcome)) {
        const edge = graph.edges.find((e) => e.kind === 'review' && e.from === stage.state && e.to === to);
        expect(edge?.actions, `${stage.state} ${decision}`).toContain(decision);
        expect(edge?.groups).toEqual([...stage.groups]);
      }
    }
    const expected =
      flow.transitions.reduce((n, t) => n + t.from.length, 0) +
      flow.reviews.reduce((n, r) => n + new Set(Object.values(r.outcome)).size, 0);
    expect(graph.edges).toHaveLength(expected);
    const states = new Set(flow.states);
    for (const edge of graph.edges) {
      expect(states.has(edge.from) && states.has(edge.to), `${edge.from} → ${edge.to}`).toBe(true);
    }
  });

  it('merges decisions that lead to the same state into one edge', () => {
    // A sales report sent back for changes is rejected (and reported again).
    const sales = flowGraph(defaultFlows.sales);
    expect(sales.edges.filter((e) => e.kind === 'review')).toEqual([
      { from: 'submitted', to: 'approved', kind: 'review', actions: ['approved'], groups: ['cfl'] },
      { from: 'submitted', to: 'rejected', kind: 'review', actions: ['rejected', 'changes_requested'], groups: ['cfl'] },
    ]);
    // A usage permit sent back waits for its applicant's answer instead.
    expect(flowGraph(defaultFlows.usage).edges.filter((e) => e.kind === 'review')).toEqual([
      { from: 'requested', to: 'approved', kind: 'review', actions: ['approved'], groups: ['brand'] },
      { from: 'requested', to: 'rejected', kind: 'review', actions: ['rejected'], groups: ['brand'] },
      { from: 'requested', to: 'changes_requested', kind: 'review', actions: ['changes_requested'], groups: ['brand'] },
    ]);
  });

  it('lays out every node and edge inside the drawing, boxes sized to their labels', () => {
    const graph = flowGraph(defaultFlows.license);
    const laid = layoutFlow(graph, { state: (s) => `state ${s}`, edge: (e) => e.actions.join('/') });
    expect(laid.nodes).toHaveLength(graph.nodes.length);
    expect(laid.edges).toHaveLength(graph.edges.length);
    for (const node of laid.nodes) {
      expect(node.width).toBeGreaterThanOrEqual(textWidth(node.label));
      expect(node.x - node.width / 2).toBeGreaterThanOrEqual(0);
      expect(node.x + node.width / 2).toBeLessThanOrEqual(laid.width);
      expect(node.y + node.height / 2).toBeLessThanOrEqual(laid.height);
    }
    for (const edge of laid.edges) expect(edge.points.length).toBeGreaterThanOrEqual(2);
    // The initial state comes first (top) in a top-to-bottom layout.
    const top = Math.min(...laid.nodes.map((n) => n.y));
    expect(laid.nodes.find((n) => n.id === 'applied')!.y).toBe(top);
  });

  it('labels states and edges in the page language from the translation store', () => {
    const flows = helpFlows({
      flow: { state: { draft: '下書き' }, group: { brand: 'ブランド', legal: '法務' } },
      help: { action: { submit: '提出' }, decision: { approved: '承認' }, listSep: '・' },
    });
    const ip = flows.find((f) => f.subject === 'ip')!;
    expect(ip.diagram.nodes.find((n) => n.id === 'draft')!.label).toBe('下書き');
    expect(ip.diagram.edges.map((e) => e.label)).toContain('提出');
    expect(ip.diagram.edges.map((e) => e.label)).toContain('ブランド・法務: 承認');
    expect(textWidth('下書き')).toBeGreaterThan(textWidth('abc'));
  });
});
