import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { formatDateTime } from '@/lib/format/time';
import { truncate, IP_NAME_MAX } from '@/lib/format/truncate';
import { useShell } from '@/lib/client/settings-context';
import { tagName } from '../data';
import { IpThumbnail } from '../IpThumbnail';
import { StateBadge } from '../StateBadge';
import { TagBadge } from '../../tags/TagBadge';
import type { IpRecord, TagRecord } from '../types';
import { Reference } from '@/components/refs/RecordSearch';

interface IpTableProps {
  items: IpRecord[];
  tags: Map<string, TagRecord>;
  designers: Map<string, string>;
  onOpen: (ip: IpRecord) => void;
}

/** One row per IP; a row (or Enter on it) opens the detail panel. */
export function IpTable({ items, tags, designers, onOpen }: IpTableProps) {
  const { t } = useTranslation('holder-ip');
  const { lang } = useShell();
  return (
    <Table hover responsive className="align-middle" data-testid="ip-table">
      <thead>
        <tr>
          <th scope="col" style={{ width: 64 }}>
            <span className="visually-hidden">{t('column.image')}</span>
          </th>
          <th scope="col">{t('column.name')}</th>
          <th scope="col">{t('column.kind')}</th>
          <th scope="col">{t('column.state')}</th>
          <th scope="col">{t('column.tags')}</th>
          <th scope="col">{t('column.designer')}</th>
          <th scope="col" className="text-nowrap">
            {t('column.created')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((ip) => (
          <tr
            key={ip.key}
            role="button"
            tabIndex={0}
            onClick={() => onOpen(ip)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onOpen(ip);
              }
            }}
            data-testid={`ip-row-${ip.key}`}
            data-name={ip.name}
          >
            <td>
              <IpThumbnail image={ip.images[0]} alt={ip.name} />
            </td>
            <td className="fw-semibold" title={ip.name} data-testid="ip-name">
              <span className="d-block small fw-normal">
                <Reference value={ip.reference} />
              </span>
              {truncate(ip.name, IP_NAME_MAX)}
            </td>
            <td className="text-nowrap">{t(`kind.${ip.kind}`)}</td>
            <td>
              <StateBadge state={ip.state} />
            </td>
            <td>
              <div className="d-flex flex-wrap gap-1" data-testid="ip-tags">
                {ip.tags
                  .map((key) => tags.get(key))
                  .filter((tag): tag is TagRecord => Boolean(tag))
                  .map((tag) => (
                    <TagBadge key={tag.key} color={tag.color} label={tagName(tag, lang)} testId={`ip-tag-${tag.key}`} />
                  ))}
              </div>
            </td>
            <td>
              {ip.designer ? (designers.get(ip.designer) ?? '…') : <span className="text-muted">{t('list.noDesigner')}</span>}
            </td>
            <td className="text-nowrap small">{formatDateTime(ip.dateCreated)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
