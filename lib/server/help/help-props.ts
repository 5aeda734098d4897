import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
import { pageProps } from '../../page/server-props';
import type { PageProps } from '../../page/types';
import { defaultFlows } from '../flow/definitions';
import type { Actor, Subject } from '../flow/types';
import { flowGraph, type FlowEdge } from './flow-graph';
import { layoutFlow, type FlowDiagramData } from './flow-layout';

/** The steps and review stages of one flow, as the help text lists them under its diagram. */
export interface HelpFlow {
  subject: Subject;
  diagram: FlowDiagramData;
  steps: { action: string; from: string[]; to: string; by: string[]; comment: boolean }[];
  reviews: { state: string; groups: string[]; order: 'all' | 'sequence' }[];
}

export interface HelpProps extends PageProps {
  flows: HelpFlow[];
}

/** The order the help page explains the flows in: an IP's life, then licensing, then money. */
export const HELP_FLOW_ORDER: Subject[] = ['primary_ip', 'usage', 'ip', 'license', 'product', 'sales', 'invoice', 'liquid'];

type Dict = Record<string, unknown>;

function lookup(store: Dict | undefined, path: string): string | undefined {
  let current: unknown = store;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Dict)[part];
  }
  return typeof current === 'string' ? current : undefined;
}

function actorName(actor: Actor): string {
  return actor.kind === 'group' ? `group_${actor.group}` : actor.kind;
}

/**
 * Diagrams laid out on the server from the flow definitions the engine runs (so help never
 * drifts from the code), labelled in the page's language; the browser only draws the SVG.
 */
export function helpFlows(store: { flow?: Dict; help?: Dict }): HelpFlow[] {
  const t = (ns: 'flow' | 'help', key: string) => lookup(store[ns], key) ?? key.split('.').pop()!;
  const groupNames = (groups: readonly string[]) => groups.map((g) => t('flow', `group.${g}`)).join(t('help', 'listSep'));
  const edgeLabel = (edge: FlowEdge) =>
    edge.kind === 'step'
      ? edge.actions.map((a) => t('help', `action.${a}`)).join(' / ')
      : `${groupNames(edge.groups)}: ${edge.actions.map((a) => t('help', `decision.${a}`)).join(' / ')}`;
  return HELP_FLOW_ORDER.map((subject) => {
    const flow = defaultFlows[subject];
    return {
      subject,
      diagram: layoutFlow(flowGraph(flow), { state: (s) => t('flow', `state.${s}`), edge: edgeLabel }),
      steps: flow.transitions.map((s) => ({
        action: s.action,
        from: [...s.from],
        to: s.to,
        by: s.by.map(actorName),
        comment: Boolean(s.needsComment),
      })),
      reviews: flow.reviews.map((r) => ({ state: r.state, groups: [...r.groups], order: r.order })),
    };
  });
}

const base = pageProps(['help', 'flow']);

/** getServerSideProps of /[lang]/help: the usual page props plus the laid-out flow diagrams. */
export const helpPageProps: GetServerSideProps<HelpProps> = async (ctx: GetServerSidePropsContext) => {
  const result = await base(ctx);
  if (!('props' in result)) return result;
  const props = await result.props;
  const i18n = (props as unknown as { _nextI18Next?: { initialI18nStore?: Record<string, { flow?: Dict; help?: Dict }> } })
    ._nextI18Next;
  const store = i18n?.initialI18nStore?.[props.lang] ?? {};
  return { props: { ...props, flows: helpFlows(store) } };
};
