import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';
import { OpenLink } from '@/components/kit/table/OpenRowButton';
import { RecordTable, type RecordTableProps } from '@/components/kit/table/RecordTable';
import { actionsColumn, column } from '@/components/kit/table/columns';
import { useEntityQuery } from '@/lib/client/entities';
import { useLatestDecisions, type LatestDecision } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';
import { IP_NAME_MAX, truncate } from '@/lib/format/truncate';
import { stateVariant } from '@/components/flow/approval/ReviewHistory';
import { imagesOf, text, type Row } from '@/components/flow/approval/subject';
import { myIpDecisionsRead, parentNamesQuery } from './my-ip-reads';
import { IpThumbnail } from '../IpThumbnail';
import { TagList } from '@/components/tags/TagFilter';
import type { TagRecord } from '@/components/ip/types';

function NameCell({ ip, tagsByKey }: { ip: Row; tagsByKey: Map<string, TagRecord> }) {
  const [first] = imagesOf(ip);
  return (
    <>
      <div className="d-flex align-items-center gap-2">
        <IpThumbnail image={first} alt="" isPublic={false} />
        <span data-testid="ip-name-cell">{truncate(text(ip.name), IP_NAME_MAX)}</span>
      </div>
      <TagList keys={ip.tags} byKey={tagsByKey} testId="ip-row-tag" />
    </>
  );
}

/** The last decision on the IP's review, with who decided it and their comment. */
function LastDecisionCell({ last }: { last: LatestDecision | undefined }) {
  const { t } = useTranslation('designer-ip');
  const { t: tf } = useTranslation('flow');
  if (!last) return <span className="text-muted">—</span>;
  return (
    <span data-testid="ip-last-decision">
      <span className="small text-muted d-block">
        {t('list.decisionBy', { group: last.group ? tf(`group.${last.group}`) : '', state: tf(`state.${last.state}`) })}
      </span>
      <span style={{ whiteSpace: 'pre-wrap' }} data-testid="ip-last-comment">
        {last.comment ?? ''}
      </span>
    </span>
  );
}

/** The designer's own secondary IPs: state, the last decision's comment and a link to details. */
export function MyIpTable({
  selected,
  tagsByKey,
  ...table
}: Pick<RecordTableProps<Row>, 'rows' | 'error' | 'caption'> & {
  selected: string | null;
  tagsByKey: Map<string, TagRecord>;
}) {
  const { t } = useTranslation('designer-ip');
  const { t: tf } = useTranslation('flow');
  const { lang } = useShell();
  // Beside the rows: the primary IPs' names and the last decisions, each one read for the whole list.
  const rows = table.rows ?? [];
  const parents = useEntityQuery<Row>('IP', parentNamesQuery(rows));
  const parentNames = new Map((parents.data?.items ?? []).map((ip) => [text(ip.key), text(ip.name)]));
  const decisions = useLatestDecisions(myIpDecisionsRead(rows));
  const columns = [
    column<Row>('reference', t('list.reference'), (ip) => text(ip.reference), { kind: 'reference', sortable: true }),
    column<Row>('name', t('list.name'), (ip) => text(ip.name), {
      hideable: false,
      sortable: true,
      render: (ip) => <NameCell ip={ip} tagsByKey={tagsByKey} />,
    }),
    column<Row>('parent', t('list.parent'), (ip) => parentNames.get(text(ip.parent)) ?? ''),
    column<Row>('state', t('list.state'), (ip) => tf(`state.${text(ip.state)}`), {
      render: (ip) => {
        const state = text(ip.state);
        return (
          <Badge bg={stateVariant(state === 'submitted' ? 'pending' : state)} data-testid="ip-state" data-state={state}>
            {tf(`state.${state}`)}
          </Badge>
        );
      },
    }),
    column<Row>('lastDecision', t('list.lastDecision'), (ip) => decisions.get(text(ip.key))?.comment ?? '', {
      render: (ip) => <LastDecisionCell last={decisions.get(text(ip.key))} />,
    }),
    column<Row>('updated', t('list.updated'), (ip) => ip.dateUpdated, { kind: 'datetime', sortable: true }),
    actionsColumn<Row>(t('list.details'), (ip) => (
      <OpenLink
        href={{ pathname: `/${lang}/designer/iplist`, query: { ip: text(ip.key) } }}
        testId="ip-details"
        dataKey={text(ip.key)}
      >
        {t('list.details')}
      </OpenLink>
    )),
  ];
  return (
    <RecordTable
      {...table}
      columns={columns}
      testId="ip-list"
      keyOf={(ip) => text(ip.key)}
      rowTestId="ip-row"
      active={selected}
      empty={{ message: <span data-testid="ip-list-empty">{t('list.empty')}</span> }}
    />
  );
}
