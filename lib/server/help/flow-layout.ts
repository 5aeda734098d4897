import dagre from '@dagrejs/dagre';
import type { FlowGraph } from './flow-graph';

export interface LaidNode {
  id: string;
  label: string;
  initial: boolean;
  final: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidEdge {
  from: string;
  to: string;
  kind: 'step' | 'review';
  label: string;
  /** The polyline dagre routed, in SVG coordinates. */
  points: { x: number; y: number }[];
  labelX: number;
  labelY: number;
}

/** A flow diagram ready to draw as SVG: positions only, no library needed in the browser. */
export interface FlowDiagramData {
  subject: string;
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
}

export interface DiagramLabels {
  state: (state: string) => string;
  edge: (edge: FlowGraph['edges'][number]) => string;
}

const FONT = 12;
const LINE = 16;

/** Text width at 12 px: full-width (CJK) characters about a font size, others about 0.6 of it. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ch.codePointAt(0)! >= 0x2e80 ? FONT : FONT * 0.6;
  return Math.ceil(width);
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Lays a flow graph out top to bottom with dagre, sizing boxes and edge labels to their text. */
export function layoutFlow(graph: FlowGraph, labels: DiagramLabels): FlowDiagramData {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 50, edgesep: 20, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) {
    const label = labels.state(node.id);
    g.setNode(node.id, { label, width: Math.max(90, textWidth(label) + 28), height: 34 });
  }
  graph.edges.forEach((edge, i) => {
    const label = labels.edge(edge);
    g.setEdge(edge.from, edge.to, { label, width: textWidth(label) + 8, height: LINE, labelpos: 'c' }, `e${i}`);
  });
  dagre.layout(g);
  const nodes = graph.nodes.map((node) => {
    const laid = g.node(node.id);
    return {
      id: node.id,
      label: labels.state(node.id),
      initial: node.initial,
      final: node.final,
      x: round(laid.x),
      y: round(laid.y),
      width: laid.width,
      height: laid.height,
    };
  });
  const edges = graph.edges.map((edge, i) => {
    const laid = g.edge({ v: edge.from, w: edge.to, name: `e${i}` }) as {
      points: { x: number; y: number }[];
      x?: number;
      y?: number;
    };
    const points = laid.points.map((p) => ({ x: round(p.x), y: round(p.y) }));
    const middle = points[Math.floor(points.length / 2)]!;
    return {
      from: edge.from,
      to: edge.to,
      kind: edge.kind,
      label: labels.edge(edge),
      points,
      labelX: round(laid.x ?? middle.x),
      labelY: round(laid.y ?? middle.y),
    };
  });
  const size = g.graph();
  return { subject: graph.subject, width: Math.ceil(size.width ?? 0), height: Math.ceil(size.height ?? 0), nodes, edges };
}
