import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useRecord } from '@/lib/client/entities';
import { useHistory } from '@/lib/client/flow';
import { useShell } from '@/lib/client/settings-context';
import { formatDateTime } from '@/lib/format/time';
import { IP_NAME_MAX, truncate } from '@/lib/format/truncate';
import { stateVariant } from '@/components/flow/approval/ReviewHistory';
import { imageUrl, imagesOf, text, type Row } from '@/components/flow/approval/subject';
import { lastDecision } from './lastDecision';
import { Reference } from '@/components/refs/RecordSearch';
import { TagList } from '@/components/tags/TagFilter';
import type { TagRecord } from '@/components/ip/types';

function IpRow({ ip, active, tagsByKey }: { ip: Row; active: boolean; tagsByKey: Map<string, TagRecord> }) {
  const { t } = useTranslation('designer-ip');
  const { t: tf } = useTranslation('flow');
  const { lang } = useShell();
  const key = text(ip.key);
  const state = text(ip.state);
  const { data: history } = useHistory<Row>('IP', key);
  const { data: parent } = useRecord<Row>('IP', text(ip.parent) || null);
  const last = lastDecision(history?.reviews);
  const [first] = imagesOf(ip);
  return (
    <tr data-testid="ip-row" data-key={key} className={active ? 'table-active' : undefined}>
      <td>
        <div className="d-flex align-items-center gap-2">
          {first ? (
            // eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own /api/image path
            <img
              src={imageUrl(first.hash, 128)}
              alt=""
              width={48}
              height={48}
              className="rounded border"
              style={{ objectFit: 'cover' }}
            />
          ) : (
            <span className="d-inline-block bg-light border rounded" style={{ width: 48, height: 48 }} aria-hidden />
          )}
          <span className="d-block small">
            <Reference value={ip.reference} />
          </span>
          <span data-testid="ip-name-cell">{truncate(text(ip.name), IP_NAME_MAX)}</span>
        </div>
        <TagList keys={ip.tags} byKey={tagsByKey} testId="ip-row-tag" />
      </td>
      <td>{text(parent?.name)}</td>
      <td>
        <Badge bg={stateVariant(state === 'submitted' ? 'pending' : state)} data-testid="ip-state" data-state={state}>
          {tf(`state.${state}`)}
        </Badge>
      </td>
      <td data-testid="ip-last-decision">
        {last ? (
          <>
            <span className="small text-muted d-block">
              {t('list.decisionBy', { group: last.group ? tf(`group.${last.group}`) : '', state: tf(`state.${last.state}`) })}
            </span>
            <span style={{ whiteSpace: 'pre-wrap' }} data-testid="ip-last-comment">
              {last.comment ?? ''}
            </span>
          </>
        ) : (
          <span className="text-muted">—</span>
        )}
      </td>
      <td className="text-nowrap small">{formatDateTime(ip.dateUpdated)}</td>
      <td>
        <Link
          href={{ pathname: `/${lang}/designer/iplist`, query: { ip: key } }}
          shallow
          className="btn btn-sm btn-outline-primary text-nowrap"
          data-testid="ip-details"
          data-key={key}
        >
          {t('list.details')}
        </Link>
      </td>
    </tr>
  );
}

/** The designer's own secondary IPs: state, the last decision's comment and a link to details. */
export function MyIpTable({
  items,
  selected,
  tagsByKey,
}: {
  items: Row[];
  selected: string | null;
  tagsByKey: Map<string, TagRecord>;
}) {
  const { t } = useTranslation('designer-ip');
  if (items.length === 0)
    return (
      <p className="text-muted border rounded p-3" data-testid="ip-list-empty">
        {t('list.empty')}
      </p>
    );
  return (
    <Table responsive hover className="align-middle" data-testid="ip-list">
      <thead>
        <tr>
          <th>{t('list.name')}</th>
          <th>{t('list.parent')}</th>
          <th>{t('list.state')}</th>
          <th>{t('list.lastDecision')}</th>
          <th>{t('list.updated')}</th>
          <th aria-label={t('list.details')} />
        </tr>
      </thead>
      <tbody>
        {items.map((ip) => (
          <IpRow key={text(ip.key)} ip={ip} active={selected === text(ip.key)} tagsByKey={tagsByKey} />
        ))}
      </tbody>
    </Table>
  );
}
