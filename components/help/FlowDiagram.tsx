import { useEffect, useState } from 'react';
import type { FlowDiagramData } from '@/lib/server/help/flow-layout';

interface FlowDiagramProps {
  diagram: FlowDiagramData;
  title: string;
}

function pathOf(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
}

/**
 * True once the browser is idle after the page has painted. The help text paints first; each
 * diagram (hundreds of SVG nodes) mounts in its own idle moment, so none holds the main thread
 * while the page becomes interactive.
 */
function useAfterIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

/** One flow drawn as inline SVG from the positions laid out on the server (no layout code in the browser). */
export function FlowDiagram({ diagram, title }: FlowDiagramProps) {
  const marker = `arrow-${diagram.subject}`;
  const ready = useAfterIdle();
  return (
    <figure className="overflow-auto border rounded bg-white p-2" data-testid={`flow-diagram-${diagram.subject}`}>
      {!ready ? (
        // The diagram's own box, so the text below does not move when it arrives.
        <div
          role="img"
          aria-label={title}
          style={{ width: diagram.width, maxWidth: '100%', aspectRatio: `${diagram.width} / ${diagram.height}` }}
        />
      ) : (
        <svg
          role="img"
          aria-label={title}
          width={diagram.width}
          height={diagram.height}
          viewBox={`0 0 ${diagram.width} ${diagram.height}`}
          style={{ maxWidth: '100%', height: 'auto' }}
          fontSize={12}
          fontFamily="system-ui, sans-serif"
        >
          <title>{title}</title>
          <defs>
            <marker
              id={marker}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" fill="#495057" />
            </marker>
          </defs>
          {diagram.edges.map((edge, i) => (
            <g key={`${edge.from}-${edge.to}-${i}`} data-edge={`${edge.from}->${edge.to}`}>
              <path
                d={pathOf(edge.points)}
                fill="none"
                stroke={edge.kind === 'review' ? '#0d6efd' : '#495057'}
                strokeWidth={1.3}
                strokeDasharray={edge.kind === 'review' ? '5 3' : undefined}
                markerEnd={`url(#${marker})`}
              />
              <text
                x={edge.labelX}
                y={edge.labelY}
                textAnchor="middle"
                dominantBaseline="middle"
                fill={edge.kind === 'review' ? '#0a58ca' : '#212529'}
                stroke="#fff"
                strokeWidth={3}
                paintOrder="stroke"
              >
                {edge.label}
              </text>
            </g>
          ))}
          {diagram.nodes.map((node) => (
            <g key={node.id} data-node={node.id} transform={`translate(${node.x - node.width / 2},${node.y - node.height / 2})`}>
              <rect
                width={node.width}
                height={node.height}
                rx={8}
                fill={node.final ? '#f8f9fa' : node.initial ? '#e7f1ff' : '#fff'}
                stroke="#343a40"
                strokeWidth={node.initial ? 2.5 : 1.2}
              />
              {node.final && (
                <rect
                  x={3}
                  y={3}
                  width={node.width - 6}
                  height={node.height - 6}
                  rx={6}
                  fill="none"
                  stroke="#343a40"
                  strokeWidth={1}
                />
              )}
              <text x={node.width / 2} y={node.height / 2} textAnchor="middle" dominantBaseline="central" fill="#212529">
                {node.label}
              </text>
            </g>
          ))}
        </svg>
      )}
    </figure>
  );
}
