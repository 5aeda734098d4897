import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useShell } from '@/lib/client/settings-context';
import type { ScreenViewProps } from '../kit/shell/withPage';
import { APPROVER_GROUPS, MANAGER_GROUPS } from './holder-api';
import { DataTable } from '../kit/table/DataTable';
import { actionsColumn, column } from '../kit/table/columns';
import { useEntityPages } from '../kit/table/use-entity-pages';

interface HolderRecord {
  key: string;
  name: string;
  is_default: boolean;
  approver: Partial<Record<(typeof APPROVER_GROUPS)[number], { sub: string }[]>>;
  manager_legal: { sub: string }[];
  manager_brand: { sub: string }[];
  manager_cfl: { sub: string }[];
}

function countApprovers(holder: HolderRecord): number {
  return APPROVER_GROUPS.reduce((sum, group) => sum + (holder.approver?.[group]?.length ?? 0), 0);
}

function countManagers(holder: HolderRecord): number {
  return MANAGER_GROUPS.reduce((sum, group) => sum + (holder[`manager_${group}`]?.length ?? 0), 0);
}

/** The IP holders (Holder entity): name, default flag and how many approvers and managers each has. */
export function HolderListView({ title }: ScreenViewProps) {
  const { t } = useTranslation('holder-admin');
  const { lang } = useShell();
  const holders = useEntityPages<HolderRecord>('Holder', { sort: { is_default: -1, name: 1 }, limit: 50 });
  const hrefOf = (holder: HolderRecord) => `/${lang}/holder/profile?key=${encodeURIComponent(holder.key)}`;
  const columns = [
    column<HolderRecord>('name', t('list.name'), (holder) => holder.name, {
      hideable: false,
      render: (holder) => (
        <>
          <Link href={hrefOf(holder)} className="fw-semibold" data-testid="holder-open">
            {holder.name || t('list.unnamed')}
          </Link>
          {holder.is_default && (
            <Badge bg="primary" className="ms-2" data-testid="holder-default">
              {t('list.default')}
            </Badge>
          )}
        </>
      ),
    }),
    column<HolderRecord>('approvers', t('list.approvers'), countApprovers, { kind: 'count', testId: 'holder-approver-count' }),
    column<HolderRecord>('managers', t('list.managers'), countManagers, { kind: 'count', testId: 'holder-manager-count' }),
    actionsColumn<HolderRecord>(t('list.open'), (holder) => (
      <Link href={hrefOf(holder)} className="btn btn-sm btn-outline-primary">
        {t('list.open')}
      </Link>
    )),
  ];
  return (
    <section data-testid="holder-list">
      <h1 className="h3">{title}</h1>
      <p className="text-muted">{t('list.intro')}</p>
      <DataTable
        columns={columns}
        rows={holders.ready ? holders.items : undefined}
        error={holders.failed && holders.items.length === 0}
        onRetry={() => void holders.mutate()}
        lang={lang}
        caption={title}
        getRowId={(holder) => holder.key}
        rowProps={(holder) => ({ 'data-testid': `holder-row-${holder.key}` })}
        empty={{ message: <span data-testid="holder-list-empty">{t('list.empty')}</span> }}
        skeletonRows={3}
      />
      {holders.hasMore && (
        <Button variant="outline-secondary" onClick={holders.loadMore} disabled={holders.loadingMore}>
          {t('showMore')}
        </Button>
      )}
    </section>
  );
}
