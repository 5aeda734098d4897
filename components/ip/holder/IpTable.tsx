import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'next-i18next/pages';
import { RecordTable, type RecordTableProps } from '@/components/kit/table/RecordTable';
import type { PagerProps } from '@/components/kit/table/Pager';
import { AboveRow, OpenRowButton } from '@/components/kit/table/OpenRowButton';
import { ReferenceCell } from '@/components/kit/table/ReferenceCell';
import { column } from '@/components/kit/table/columns';
import { truncate, IP_NAME_MAX } from '@/lib/format/truncate';
import { TagList } from '../../tags/TagFilter';
import { IpThumbnail } from '../IpThumbnail';
import { StateBadge } from '../StateBadge';
import type { IpRecord, TagRecord } from '../types';

interface IpTableProps extends Pick<RecordTableProps<IpRecord>, 'rows' | 'error' | 'caption'> {
  tags: Map<string, TagRecord>;
  designers: Map<string, string>;
  onOpen: (ip: IpRecord) => void;
  empty: { message: ReactNode; action?: ReactNode };
  pager: PagerProps;
}

/**
 * One row per IP; the name opens the detail panel, and so does a click anywhere on the row (the
 * name's button is stretched over it), without making the row itself a control.
 */
export function IpTable({ tags, designers, onOpen, empty, pager, ...table }: IpTableProps) {
  const { t } = useTranslation('holder-ip');
  const image = column<IpRecord>('image', t('column.image'), (ip) => ip.images[0]?.hash, {
    render: (ip) => <IpThumbnail image={ip.images[0]} alt={ip.name} />,
  });
  const columns = [
    {
      ...image,
      id: 'image',
      header: () => <span className="visually-hidden">{t('column.image')}</span>,
      enableHiding: false,
    } as ColumnDef<IpRecord, unknown>,
    column<IpRecord>('reference', t('column.reference'), (ip) => ip.reference, {
      kind: 'reference',
      render: (ip) => (
        <AboveRow>
          <ReferenceCell value={ip.reference ?? ''} testId="reference" />
        </AboveRow>
      ),
    }),
    column<IpRecord>('name', t('column.name'), (ip) => ip.name, {
      hideable: false,
      testId: 'ip-name',
      render: (ip) => (
        <OpenRowButton title={ip.name} onOpen={() => onOpen(ip)}>
          {truncate(ip.name, IP_NAME_MAX)}
        </OpenRowButton>
      ),
    }),
    column<IpRecord>('kind', t('column.kind'), (ip) => t(`kind.${ip.kind}`)),
    column<IpRecord>('state', t('column.state'), (ip) => ip.state, { render: (ip) => <StateBadge state={ip.state} /> }),
    column<IpRecord>('tags', t('column.tags'), (ip) => ip.tags.join(', '), {
      render: (ip) => (
        <span data-testid="ip-tags">
          <TagList keys={ip.tags} byKey={tags} testId={(tag) => `ip-tag-${tag.key}`} />
        </span>
      ),
    }),
    column<IpRecord>('designer', t('column.designer'), (ip) => (ip.designer ? (designers.get(ip.designer) ?? '') : ''), {
      render: (ip) =>
        ip.designer ? (designers.get(ip.designer) ?? '…') : <span className="text-muted">{t('list.noDesigner')}</span>,
    }),
    column<IpRecord>('created', t('column.created'), (ip) => ip.dateCreated, { kind: 'datetime' }),
  ];
  return (
    <RecordTable
      {...table}
      columns={columns}
      testId="ip-table"
      keyOf={(ip) => ip.key}
      rowTestId={(ip) => `ip-row-${ip.key}`}
      rowData={(ip) => ({ 'data-name': ip.name })}
      openable
      empty={empty}
      pager={{ ...pager, testId: 'ip-pager' }}
      skeletonRows={8}
      csvName="ip.csv"
    />
  );
}
